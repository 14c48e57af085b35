import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import type { RequestDigest } from '../engine/event/run-event';
import { applyRunEvent } from './apply-run-event';
import { initialRunView } from './run-view';
import type { RunView } from './run-view';

const request = (round: number): RequestDigest => ({
  model: 'demo-model',
  provider: 'demo',
  toolNames: ['demo__weather_get', 'demo__clothing_suggest'],
  messageCount: round * 2 - 1,
  maxTokens: 4096,
});

const fold = (events: RunEvent[], from: RunView = initialRunView): RunView => events.reduce(applyRunEvent, from);

const start: RunEvent = {
  type: 'run-start',
  at: 1000,
  runId: 'run-1',
  system: 'Be brief.',
  tools: [
    { name: 'demo__weather_get', description: 'Weather', input_schema: { type: 'object' } },
    { name: 'demo__clothing_suggest', description: 'Clothes', input_schema: { type: 'object' } },
  ],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'What to wear in Paris?' }] }],
  maxRounds: 10,
};

const twoToolRound: RunEvent[] = [
  { type: 'round-start', at: 1010, round: 1, request: request(1) },
  { type: 'response-start', at: 1020, round: 1, responseId: 'msg_1', model: 'demo-model' },
  { type: 'text-delta', round: 1, index: 0, text: 'Let me ' },
  { type: 'text-delta', round: 1, index: 0, text: 'check.' },
  { type: 'tool-input-start', round: 1, index: 1, callId: 'call-a', name: 'demo__weather_get' },
  { type: 'tool-input-delta', round: 1, index: 1, callId: 'call-a', partialJson: '{"city":' },
  { type: 'tool-input-delta', round: 1, index: 1, callId: 'call-a', partialJson: '"Paris"}' },
  { type: 'tool-input-start', round: 1, index: 2, callId: 'call-b', name: 'demo__clothing_suggest' },
  { type: 'tool-input-delta', round: 1, index: 2, callId: 'call-b', partialJson: '{"temp":12}' },
  {
    type: 'response-end',
    at: 1100,
    round: 1,
    message: {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'call-a', name: 'demo__weather_get', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call-b', name: 'demo__clothing_suggest', input: { temp: 12 } },
      ],
    },
    stopReason: 'tool_use',
    usage: { inputTokens: 100, outputTokens: 20 },
    timing: { startedAt: 1010, firstTokenAt: 1030, endedAt: 1100 },
  },
  {
    type: 'tool-call-start',
    at: 1110,
    round: 1,
    callId: 'call-a',
    name: 'demo__weather_get',
    input: { city: 'Paris' },
    queuedAt: 1105,
  },
  {
    type: 'tool-call-start',
    at: 1111,
    round: 1,
    callId: 'call-b',
    name: 'demo__clothing_suggest',
    input: { temp: 12 },
    queuedAt: 1105,
  },
  {
    type: 'tool-call-end',
    at: 1150,
    round: 1,
    callId: 'call-b',
    name: 'demo__clothing_suggest',
    status: 'tool-error',
    isError: true,
    content: [{ type: 'text', text: 'No suggestion' }],
    timing: { queuedAt: 1105, startedAt: 1111, endedAt: 1150 },
  },
  {
    type: 'tool-call-end',
    at: 1160,
    round: 1,
    callId: 'call-a',
    name: 'demo__weather_get',
    status: 'ok',
    isError: false,
    content: [{ type: 'text', text: '{"temp":12}' }],
    timing: { queuedAt: 1105, startedAt: 1110, endedAt: 1160 },
  },
  { type: 'tool-results-commit', at: 1161, round: 1, message: { role: 'user', content: [] } },
  { type: 'round-end', at: 1162, round: 1 },
];

const finalRound: RunEvent[] = [
  { type: 'round-start', at: 1200, round: 2, request: request(2) },
  { type: 'response-start', at: 1201, round: 2 },
  { type: 'text-delta', round: 2, index: 0, text: 'Wear a coat.' },
  {
    type: 'response-end',
    at: 1250,
    round: 2,
    message: { role: 'assistant', content: [{ type: 'text', text: 'Wear a coat.' }] },
    stopReason: 'end_turn',
    usage: { inputTokens: 150, outputTokens: 5 },
    timing: { startedAt: 1200, firstTokenAt: 1210, endedAt: 1250 },
  },
  { type: 'round-end', at: 1251, round: 2 },
];

describe('applyRunEvent', () => {
  it('starts a fresh running view on run-start, dropping the previous run', () => {
    const previous = fold([start, ...twoToolRound]);
    const state = applyRunEvent(previous, { ...start, runId: 'run-2' });
    expect(state).toMatchObject({ runId: 'run-2', phase: 'running', rounds: [], system: 'Be brief.', maxRounds: 10 });
    expect(state.toolNames).toEqual(['demo__weather_get', 'demo__clothing_suggest']);
  });

  it("keeps the person's prompt (the text of the last user message) for the timeline's first item", () => {
    expect(applyRunEvent(initialRunView, start).prompt).toBe('What to wear in Paris?');
    const withImage = applyRunEvent(initialRunView, {
      ...start,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Earlier.' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Sure.' }] },
        { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'x' } }] },
      ],
    });
    expect(withImage.prompt).toBeUndefined();
  });

  it('accumulates text deltas and streams partial tool JSON before the reply ends', () => {
    const state = fold([start, ...twoToolRound.slice(0, 9)]);
    const round = state.rounds[0];
    expect(round?.blocks[0]).toEqual({ kind: 'text', index: 0, text: 'Let me check.' });
    expect(round?.toolCalls.map((call) => [call.name, call.status, call.partialJson])).toEqual([
      ['demo__weather_get', 'pending', '{"city":"Paris"}'],
      ['demo__clothing_suggest', 'pending', '{"temp":12}'],
    ]);
    expect(round?.model).toBe('demo-model');
    expect(round?.responseId).toBe('msg_1');
  });

  it('folds a two-tool run to its end with statuses, timings and totals', () => {
    const state = fold([
      start,
      ...twoToolRound,
      ...finalRound,
      { type: 'run-end', at: 1300, finishReason: 'end_turn', usage: { inputTokens: 250, outputTokens: 25 } },
    ]);
    expect(state.phase).toBe('ended');
    expect(state.finishReason).toBe('end_turn');
    expect(state.usage).toEqual({ inputTokens: 250, outputTokens: 25 });
    expect(state.rounds).toHaveLength(2);
    const [first, second] = state.rounds;
    expect(first?.stopReason).toBe('tool_use');
    expect(first?.responseTiming?.firstTokenAt).toBe(1030);
    expect(first?.endedAt).toBe(1162);
    expect(first?.toolCalls.map((call) => [call.callId, call.status, call.durationMs, call.isError])).toEqual([
      ['call-a', 'ok', 50, false],
      ['call-b', 'tool-error', 39, true],
    ]);
    expect(first?.toolCalls[0]?.input).toEqual({ city: 'Paris' });
    expect(first?.toolCalls[0]?.content).toEqual([{ type: 'text', text: '{"temp":12}' }]);
    expect(second?.blocks).toEqual([{ kind: 'text', index: 0, text: 'Wear a coat.' }]);
    expect(second?.stopReason).toBe('end_turn');
  });

  it('marks running calls as running with their input', () => {
    const state = fold([start, ...twoToolRound.slice(0, 11)]);
    expect(state.rounds[0]?.toolCalls[0]).toMatchObject({
      status: 'running',
      input: { city: 'Paris' },
      queuedAt: 1105,
      startedAt: 1110,
    });
  });

  it('sums usage per response while the run is going', () => {
    const state = fold([start, ...twoToolRound, ...finalRound]);
    expect(state.usage).toEqual({ inputTokens: 250, outputTokens: 25 });
    expect(state.phase).toBe('running');
  });

  it('records an error run with its message', () => {
    const state = fold([
      start,
      { type: 'round-start', at: 1010, round: 1, request: request(1) },
      {
        type: 'run-end',
        at: 1020,
        finishReason: 'error',
        usage: { inputTokens: 0, outputTokens: 0 },
        error: { message: 'Invalid API key', status: 401, errorType: 'authentication_error' },
      },
    ]);
    expect(state).toMatchObject({
      phase: 'ended',
      finishReason: 'error',
      error: { message: 'Invalid API key', status: 401 },
    });
  });

  it('drops incomplete calls of an interrupted reply and closes open calls on abort', () => {
    const state = fold([
      start,
      ...twoToolRound.slice(0, 9),
      {
        type: 'response-end',
        at: 1100,
        round: 1,
        message: { role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }] },
        stopReason: null,
        usage: { inputTokens: 100, outputTokens: 8 },
        timing: { startedAt: 1010, endedAt: 1100 },
        interrupted: true,
      },
      { type: 'run-end', at: 1101, finishReason: 'aborted', usage: { inputTokens: 100, outputTokens: 8 } },
    ]);
    const round = state.rounds[0];
    expect(round?.interrupted).toBe(true);
    expect(round?.blocks).toEqual([{ kind: 'text', index: 0, text: 'Let me check.' }]);
    expect(round?.toolCalls.map((call) => call.status)).toEqual(['dropped', 'dropped']);
    expect(state.finishReason).toBe('aborted');
  });

  it('closes a call still running when an aborted run ends', () => {
    const state = fold([
      start,
      ...twoToolRound.slice(0, 11),
      { type: 'run-end', at: 1120, finishReason: 'aborted', usage: { inputTokens: 100, outputTokens: 20 } },
    ]);
    expect(state.rounds[0]?.toolCalls.map((call) => call.status)).toEqual(['cancelled', 'not-executed']);
  });

  it('marks a round the run ended under without a reply with how it ended, and leaves answered rounds alone', () => {
    const http400 = { message: 'The request does not fit the model context.', status: 400 };
    const failed = fold([
      start,
      { type: 'round-start', at: 1010, round: 1, request: request(1) },
      { type: 'round-end', at: 1020, round: 1 },
      { type: 'run-end', at: 1021, finishReason: 'error', usage: { inputTokens: 0, outputTokens: 0 }, error: http400 },
    ]);
    expect(failed.rounds[0]).toMatchObject({ endedWith: 'error', interrupted: false });
    expect(failed.rounds[0]?.stopReason).toBeUndefined();

    const running = fold([start, { type: 'round-start', at: 1010, round: 1, request: request(1) }]);
    expect(running.rounds[0]).not.toHaveProperty('endedWith');

    const finished = fold([
      start,
      ...twoToolRound,
      { type: 'round-start', at: 1200, round: 2, request: request(2) },
      { type: 'run-end', at: 1201, finishReason: 'aborted', usage: { inputTokens: 0, outputTokens: 0 } },
    ]);
    expect(finished.rounds.map((round) => round.endedWith)).toEqual([undefined, 'aborted']);
  });

  it('marks a reply cut off by the run ending (text kept, no stop reason) with how the run ended', () => {
    const state = fold([
      start,
      { type: 'round-start', at: 1010, round: 1, request: request(1) },
      { type: 'text-delta', round: 1, index: 0, text: 'Half' },
      {
        type: 'response-end',
        at: 1100,
        round: 1,
        message: { role: 'assistant', content: [{ type: 'text', text: 'Half' }] },
        stopReason: null,
        usage: { inputTokens: 0, outputTokens: 0 },
        timing: { startedAt: 1010, endedAt: 1100 },
        interrupted: true,
      },
      { type: 'round-end', at: 1101, round: 1 },
      { type: 'run-end', at: 1102, finishReason: 'error', usage: { inputTokens: 0, outputTokens: 0 } },
    ]);
    expect(state.rounds[0]).toMatchObject({ endedWith: 'error', interrupted: true, stopReason: null });
  });

  it('records a reached limit and the limit finish reason', () => {
    const state = fold([
      { ...start, maxRounds: 1 },
      ...twoToolRound,
      { type: 'limit-reached', at: 1170, limit: 'rounds', value: 1 },
      { type: 'run-end', at: 1180, finishReason: 'limit:rounds', usage: { inputTokens: 100, outputTokens: 20 } },
    ]);
    expect(state.limit).toEqual({ kind: 'rounds', value: 1 });
    expect(state.finishReason).toBe('limit:rounds');
  });

  it('does not mutate the previous state', () => {
    const before = fold([start, ...twoToolRound.slice(0, 3)]);
    const snapshot = JSON.stringify(before);
    applyRunEvent(before, { type: 'text-delta', round: 1, index: 0, text: 'more' });
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it('creates a round for events that arrive before its round-start', () => {
    const state = fold([
      start,
      { type: 'text-delta', round: 2, index: 0, text: 'hi' },
      { type: 'round-start', at: 5, round: 1, request: request(1) },
    ]);
    expect(state.rounds.map((round) => round.round)).toEqual([1, 2]);
  });
});

describe('applyRunEvent: loop policies', () => {
  it('shows queued calls, live progress, policy acts and the limit with its behaviour', () => {
    const events: RunEvent[] = [
      { type: 'run-start', at: 0, runId: 'r', tools: [], messages: [], maxRounds: 2 },
      {
        type: 'round-start',
        at: 1,
        round: 1,
        request: { model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 10 },
      },
      { type: 'tool-call-queued', at: 2, round: 1, callId: 'c', name: 'slow' },
      { type: 'policy-act', at: 3, round: 1, policy: 'eager-start', callId: 'c', detail: 'Started early.' },
    ];
    let state = events.reduce(applyRunEvent, initialRunView);
    expect(state.rounds[0]?.toolCalls[0]).toMatchObject({ callId: 'c', status: 'queued', queuedAt: 2 });
    state = [
      { type: 'tool-call-start', at: 4, round: 1, callId: 'c', name: 'slow', input: {}, queuedAt: 2, eager: true },
      { type: 'tool-call-progress', at: 5, round: 1, callId: 'c', progress: 2, total: 4, message: 'half' },
    ].reduce((view, event) => applyRunEvent(view, event as RunEvent), state);
    expect(state.rounds[0]?.toolCalls[0]).toMatchObject({
      status: 'running',
      eager: true,
      progress: { progress: 2, total: 4, message: 'half' },
    });
    expect(state.rounds[0]?.policyActs).toEqual([{ policy: 'eager-start', callId: 'c', detail: 'Started early.' }]);
    state = applyRunEvent(state, {
      type: 'limit-reached',
      at: 6,
      limit: 'loop',
      value: 3,
      behaviour: 'final-answer',
      detail: 'the same call 3 times',
    });
    expect(state.limit).toEqual({ kind: 'loop', value: 3, behaviour: 'final-answer', detail: 'the same call 3 times' });
    state = applyRunEvent(state, {
      type: 'tools-update',
      at: 7,
      round: 2,
      tools: [{ name: 'new', description: '', input_schema: {} }],
    });
    expect(state.toolNames).toEqual(['new']);
  });
});
