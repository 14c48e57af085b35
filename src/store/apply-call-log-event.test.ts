import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import { applyRunEvent } from './apply-run-event';
import { initialRunView } from './run-view';

const fold = (events: RunEvent[]) => events.reduce(applyRunEvent, initialRunView);

describe('a call’s logs and progress in the run view', () => {
  const start: RunEvent[] = [
    { type: 'run-start', at: 0, runId: 'r', tools: [], messages: [], maxRounds: 5, price: { input: 1, output: 2 } },
    {
      type: 'round-start',
      at: 1,
      round: 1,
      request: { provider: 'x', model: 'm', toolNames: [], messageCount: 1, maxTokens: 9 },
    },
    { type: 'tool-call-start', at: 2, round: 1, callId: 'c1', name: 'work', input: {}, queuedAt: 2 },
  ];

  it('lists the logs in order on the call and keeps the last progress (with a count) after it ends', () => {
    const view = fold([
      ...start,
      { type: 'tool-call-log', at: 3, round: 1, callId: 'c1', level: 'info', message: 'one' },
      { type: 'tool-call-progress', at: 4, round: 1, callId: 'c1', progress: 1, total: 2 },
      { type: 'tool-call-log', at: 5, round: 1, callId: 'c1', level: 'error', message: 'two' },
      { type: 'tool-call-progress', at: 6, round: 1, callId: 'c1', progress: 2, total: 2, message: 'done' },
      {
        type: 'tool-call-end',
        at: 7,
        round: 1,
        callId: 'c1',
        name: 'work',
        status: 'ok',
        isError: false,
        content: [],
        timing: { queuedAt: 2, startedAt: 2, endedAt: 7 },
      },
    ]);
    const call = view.rounds[0]?.toolCalls.find((candidate) => candidate.callId === 'c1');
    expect(call?.logs).toEqual([
      { at: 3, level: 'info', message: 'one' },
      { at: 5, level: 'error', message: 'two' },
    ]);
    expect(call?.progress).toEqual({ progress: 2, total: 2, message: 'done' });
    expect(call?.progressCount).toBe(2);
    expect(view.price).toEqual({ input: 1, output: 2 });
  });
});

describe('an MCP App call’s logs and progress in the run view', () => {
  it('keeps them on the app call, not on any model call', () => {
    const base = { round: 1, callId: 'app-call_1', appOf: 'toolu_1' };
    const view = fold([
      { type: 'run-start', at: 0, runId: 'r', tools: [], messages: [], maxRounds: 5 },
      {
        type: 'round-start',
        at: 1,
        round: 1,
        request: { provider: 'x', model: 'm', toolNames: [], messageCount: 1, maxTokens: 9 },
      },
      { type: 'app-call-start', at: 2, ...base, name: 'demo__crawl', toolName: 'crawl', input: {} },
      { type: 'app-call-progress', at: 3, ...base, progress: 1, total: 3, message: 'page 1' },
      { type: 'app-call-log', at: 4, ...base, level: 'warning', message: 'slow page' },
      { type: 'app-call-progress', at: 5, ...base, progress: 2, total: 3 },
    ]);
    const [call] = view.rounds[0]?.appCalls ?? [];
    expect(call).toMatchObject({
      status: 'running',
      progress: { progress: 2, total: 3 },
      progressCount: 2,
      logs: [{ at: 4, level: 'warning', message: 'slow page' }],
    });
    expect(view.rounds[0]?.toolCalls).toEqual([]);
  });
});
