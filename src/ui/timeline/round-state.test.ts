import { describe, expect, it } from 'vitest';
import type { RoundView } from '../../store/run-view';
import { describeMissingReply, describeRoundStop, isRoundStreaming } from './round-state';

const round = (extra: Partial<RoundView> = {}): RoundView => ({
  round: 1,
  blocks: [],
  interrupted: false,
  toolCalls: [],
  ...extra,
});

describe('round state', () => {
  it('streams only while the run goes on and the reply has no stop reason', () => {
    expect(isRoundStreaming(round())).toBe(true);
    expect(describeRoundStop(round())).toBe('streaming…');
    expect(describeMissingReply(round())).toBe('Waiting for the model…');
    expect(isRoundStreaming(round({ stopReason: 'end_turn' }))).toBe(false);
    expect(isRoundStreaming(round({ endedWith: 'error' }))).toBe(false);
  });

  it('says how the run cut a round short, never streaming once it is over', () => {
    expect(describeRoundStop(round({ endedWith: 'error' }))).toBe('failed');
    expect(describeMissingReply(round({ endedWith: 'error' }))).toBe(
      'No reply: the model call failed (see the error above).',
    );
    expect(describeRoundStop(round({ endedWith: 'aborted' }))).toBe('aborted');
    expect(describeMissingReply(round({ endedWith: 'aborted' }))).toMatch(/stopped before the model answered/);
    expect(describeRoundStop(round({ endedWith: 'limit:wall-time' }))).toBe('ended (limit:wall-time)');
    expect(describeMissingReply(round({ endedWith: 'error', interrupted: true }))).toMatch(/interrupted/);
    // A reply cut off after some text: the text shows, the header says it failed.
    const cut = round({
      endedWith: 'error',
      interrupted: true,
      stopReason: null,
      blocks: [{ kind: 'text', index: 0, text: 'Half' }],
    });
    expect(describeRoundStop(cut)).toBe('failed');
    expect(describeMissingReply(cut)).toBeUndefined();
  });

  it('keeps the stop reason of an answered round', () => {
    expect(describeRoundStop(round({ stopReason: 'tool_use' }))).toBe('tool_use');
    expect(describeRoundStop(round({ stopReason: null }))).toBe('none');
    expect(describeMissingReply(round({ stopReason: 'end_turn' }))).toBeUndefined();
  });

  it('shows thinking as content: no "waiting" line under a thinking block', () => {
    expect(describeMissingReply(round({ blocks: [{ kind: 'thinking', index: 0, text: 'Plan' }] }))).toBeUndefined();
  });
});
