import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import { buildTranscript } from '../transcript/build-transcript';
import { transcriptToEvents } from '../transcript/transcript-to-events';
import { planResume } from '../run/resume-run';
import { APP_CALL_RELOAD_CUT_TEXT, APP_CALL_RELOAD_NOT_RUN_TEXT, closeCutAppCalls } from './close-cut-app-calls';

const usage = { inputTokens: 1, outputTokens: 1 };
const start = (callId: string, at: number): RunEvent => ({
  type: 'app-call-start',
  at,
  round: 1,
  callId,
  appOf: 'toolu_1',
  name: 'demo__weather_forecast',
  toolName: 'weather.forecast',
  input: { city: 'Oslo' },
});
const pause = (pauseId: string, callId: string, kind: 'before-tool' | 'after-tool'): RunEvent => ({
  type: 'pause-start',
  at: 20,
  pauseId,
  round: 1,
  pause: { kind, round: 1, callId, name: 'demo__weather_forecast', input: { city: 'Oslo' }, appOf: 'toolu_1' },
  reasons: [{ kind: 'step' }],
});

/** A finished one-round run whose weather call opened an app. */
const finishedRun = (): RunEvent[] => [
  { type: 'run-start', at: 0, runId: 'run_1', tools: [], messages: [], maxRounds: 2 },
  {
    type: 'round-start',
    at: 1,
    round: 1,
    request: { model: 'm', provider: 'p', toolNames: [], messageCount: 0, maxTokens: 1 },
  },
  {
    type: 'tool-call-end',
    at: 5,
    round: 1,
    callId: 'toolu_1',
    name: 'demo__weather_get',
    status: 'ok',
    isError: false,
    content: [{ type: 'text', text: 'sunny' }],
    timing: { queuedAt: 2, startedAt: 2, endedAt: 5, durationMs: 3 },
  } as RunEvent,
  { type: 'round-end', at: 6, round: 1 },
  { type: 'run-end', at: 7, finishReason: 'end_turn', usage },
];

describe('app calls cut off by a reload', () => {
  it('closes a call held before it ran as not executed, its pause ended, and leaves ended calls alone', () => {
    const events = [
      ...finishedRun(),
      start('app-call_done', 8),
      {
        type: 'app-call-end',
        at: 9,
        round: 1,
        callId: 'app-call_done',
        appOf: 'toolu_1',
        status: 'ok',
        isError: false,
        content: [],
        timing: { queuedAt: 8, endedAt: 9 },
      } as RunEvent,
      start('app-call_held', 10),
      pause('pause_1', 'app-call_held', 'before-tool'),
    ];
    const closing = closeCutAppCalls(events, 30);
    expect(closing).toEqual([
      { type: 'pause-end', at: 30, pauseId: 'pause_1', round: 1, decision: 'stop' },
      {
        type: 'app-call-end',
        at: 30,
        round: 1,
        callId: 'app-call_held',
        appOf: 'toolu_1',
        status: 'not-executed',
        isError: true,
        content: [{ type: 'text', text: APP_CALL_RELOAD_NOT_RUN_TEXT }],
        timing: { queuedAt: 10, endedAt: 30 },
      },
    ]);
    expect(closeCutAppCalls([...events, ...closing], 40)).toEqual([]);
  });

  it('closes a running call, and one whose result was held after it ran, as cancelled', () => {
    const events = [
      ...finishedRun(),
      start('app-call_running', 10),
      start('app-call_after', 11),
      pause('pause_2', 'app-call_after', 'after-tool'),
    ];
    const closing = closeCutAppCalls(events, 30);
    expect(closing.map((event) => [event.type, 'callId' in event ? event.callId : event])).toEqual([
      ['app-call-end', 'app-call_running'],
      ['pause-end', { type: 'pause-end', at: 30, pauseId: 'pause_2', round: 1, decision: 'stop' }],
      ['app-call-end', 'app-call_after'],
    ]);
    for (const event of closing)
      if (event.type === 'app-call-end')
        expect(event).toMatchObject({ status: 'cancelled', content: [{ text: APP_CALL_RELOAD_CUT_TEXT }] });
  });

  it('a clock that went back never gives a negative duration', () => {
    const [end] = closeCutAppCalls([start('app-call_1', 50)], 10);
    expect(end).toMatchObject({ timing: { queuedAt: 50, endedAt: 50 } });
  });

  it('records the closed call in the transcript like any ended app call; export → import → export is identical', () => {
    const events = [...finishedRun(), start('app-call_held', 10), pause('pause_1', 'app-call_held', 'before-tool')];
    const all = [...events, ...closeCutAppCalls(events, 30)];
    const meta = {
      createdAt: '2026-12-01T00:00:00.000Z',
      app: { name: 'Loupe', version: 'test' },
      settings: { provider: 'anthropic', model: 'm', maxRounds: 2, maxTokens: 100 },
      servers: [],
    };
    const transcript = buildTranscript(all, meta);
    expect(transcript.rounds[0]?.appCalls).toEqual([
      expect.objectContaining({
        id: 'app-call_held',
        status: 'not-executed',
        isError: true,
        content: [{ type: 'text', text: APP_CALL_RELOAD_NOT_RUN_TEXT }],
      }),
    ]);
    const again = buildTranscript(transcriptToEvents(transcript), meta);
    expect(again.rounds[0]?.appCalls).toEqual(transcript.rounds[0]?.appCalls);
  });

  it('a resumed run closes the app calls the cut left open before it goes on', () => {
    const events = finishedRun().filter((event) => event.type !== 'run-end');
    const cut = [...events, start('app-call_held', 10), pause('pause_1', 'app-call_held', 'before-tool')];
    const plan = planResume(cut, 30);
    expect(plan.closing.slice(0, 2).map((event) => event.type)).toEqual(['pause-end', 'app-call-end']);
    expect(plan.pause).toBeUndefined();
  });
});
