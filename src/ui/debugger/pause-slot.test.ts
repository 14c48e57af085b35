import { describe, expect, it } from 'vitest';
import type { PausePoint } from '../../engine/debug/pause-point';
import { pauseShowsIn } from './pause-slot';

const request: PausePoint = {
  kind: 'before-request',
  round: 2,
  pauseId: 'p1',
  reasons: [{ kind: 'step' }],
  request: { model: 'm', messages: [], tools: [], maxTokens: 10 } as never,
};
const tool: PausePoint = {
  kind: 'before-tool',
  round: 2,
  pauseId: 'p2',
  reasons: [{ kind: 'approval', toolName: 'demo__weather_get' }],
  callId: 'call-1',
  name: 'demo__weather_get',
  input: {},
};
const shown = { rounds: [1, 2], calls: ['call-1'] };

describe('pauseShowsIn', () => {
  it('puts a request pause in its round and nowhere else', () => {
    expect(pauseShowsIn(request, { round: 2 }, shown)).toBe(true);
    expect(pauseShowsIn(request, { round: 1 }, shown)).toBe(false);
    expect(pauseShowsIn(request, { callId: 'call-1' }, shown)).toBe(false);
    expect(pauseShowsIn(request, 'page', shown)).toBe(false);
  });
  it('puts a tool pause in its call, not in the round itself', () => {
    expect(pauseShowsIn(tool, { callId: 'call-1' }, shown)).toBe(true);
    expect(pauseShowsIn(tool, { round: 2 }, shown)).toBe(false);
    expect(pauseShowsIn(tool, { callId: 'call-2' }, shown)).toBe(false);
  });
  it('falls back to the page when no card holds the pause, so it is never lost', () => {
    expect(pauseShowsIn(request, 'page', { rounds: [1], calls: [] })).toBe(true);
    expect(pauseShowsIn(tool, 'page', { rounds: [1, 2], calls: [] })).toBe(true);
  });
});
