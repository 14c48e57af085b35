import { describe, expect, it } from 'vitest';
import type { DebugController, PauseDecision, PausePoint, StepMode } from '../debug/pause-point';
import type { RunEvent } from '../event/run-event';
import type { ModelRequest } from '../model/model';
import { repairHistory } from '../message/repair-history';
import { buildTranscript } from '../transcript/build-transcript';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { flush, startRun, text, use } from '../testing/policy-test-kit';
import type { ScriptedReply } from '../testing/scripted-model';
import { findOpenPause, planResume } from './resume-run';

/** Asks for two calls in round 1 (they pause one at a time), then answers once both results are in. */
const replies = (request: ModelRequest): ScriptedReply => {
  const answered = request.messages.some((message) => message.content.some((block) => block.type === 'tool_result'));
  return answered
    ? { content: [text('Wear a coat.')], stopReason: 'end_turn' }
    : { content: [use('c1', 'weather', { city: 'Paris' }), use('c2', 'weather', { city: 'Oslo' })] };
};

function stepper(answer: (point: PausePoint, index: number) => PauseDecision | null) {
  let mode: StepMode = 'step';
  const pauses: PausePoint[] = [];
  const controller: DebugController = {
    getPolicy: () => ({ mode, breakpoints: [], approval: { enabled: false, tools: {} } }),
    pauseGate: (point) => {
      pauses.push(point);
      const decision = answer(point, pauses.length - 1);
      return decision === null ? new Promise<PauseDecision>(() => undefined) : Promise.resolve(decision);
    },
  };
  return { controller, pauses, setMode: (next: StepMode) => (mode = next) };
}

/** Runs in step mode, continuing `skip` pauses, and cuts the log where the next pause holds (a reload). */
async function runUntilCut(skip: number) {
  const tool = createInMemoryTool({ name: 'weather', run: (input) => `Rain in ${String(input['city'])}` });
  const first = stepper((_point, index) => (index < skip ? { type: 'continue' } : null));
  const abort = new AbortController();
  const { handle } = startRun(replies, [tool], { debug: first.controller, signal: abort.signal });
  const events: RunEvent[] = [];
  void (async () => {
    for await (const event of handle.events) events.push(event);
  })();
  while (first.pauses.length <= skip) await flush();
  await flush();
  const cut = [...events];
  abort.abort();
  await handle.result;
  return { cut, held: first.pauses[skip] as PausePoint, tool };
}

/** The pauses of a step-mode run, in order: parallel calls pause before they run, then after, one at a time. */
const kinds = [
  'before-request',
  'after-reply',
  'before-tool',
  'before-tool',
  'after-tool',
  'after-tool',
  'before-request',
];

describe('resuming a run at the pause it was held at', () => {
  it.each(kinds.map((kind, skip) => [skip, kind] as const))(
    'pause %i (%s): the same pause holds again, Step goes on, the log stays one valid run',
    async (skip, kind) => {
      const { cut, held, tool } = await runUntilCut(skip);
      expect(held.kind).toBe(kind);
      expect(findOpenPause(cut)).toMatchObject({ pauseId: held.pauseId, kind });
      const ranBefore = tool.calls.length;

      const second = stepper((_point, index) => {
        if (index === 0) return { type: 'continue' };
        second.setMode('run');
        return { type: 'continue' };
      });
      const { handle, model } = startRun(replies, [tool], { debug: second.controller, resume: { events: cut } });
      const resumed: RunEvent[] = [];
      for await (const event of handle.events) resumed.push(event);
      const result = await handle.result;

      // The same pause, under the same id, without a second pause-start; then the run goes on.
      expect(second.pauses[0]).toMatchObject({ pauseId: held.pauseId, kind, round: held.round });
      if ('callId' in held) expect(second.pauses[0]).toMatchObject({ callId: held.callId });
      expect(filterEvents(resumed, 'pause-start').map((event) => event.pauseId)).not.toContain(held.pauseId);
      expect(resumed.find((event) => event.type === 'run-start')).toBeUndefined();
      expect(resumed[0]).toMatchObject({ type: 'pause-end', pauseId: held.pauseId, decision: 'continue' });

      const log = [...cut, ...resumed];
      expect(result.finishReason).toBe('end_turn');
      expect(findRunProblems(log, result)).toEqual([]);
      expect(repairHistory(result.messages).changes).toEqual([]);
      expect(result.runId).toBe(cut[0]?.type === 'run-start' ? cut[0].runId : 'missing');
      // Each call ran exactly once over both halves; the model was not asked round 1 again.
      expect(tool.calls).toHaveLength(2);
      expect(tool.calls.length - ranBefore).toBe(2 - ranBefore);
      expect(model.requests).toHaveLength(skip === 0 ? 2 : 1);
      const transcript = buildTranscript(log, {
        createdAt: '2026-01-01T00:00:00.000Z',
        app: { name: 'Loupe', version: 'test' },
        settings: { provider: 'scripted', model: 'scripted', maxRounds: 10, maxTokens: 4096 },
        servers: [],
      });
      expect(transcript.rounds).toHaveLength(2);
      expect(transcript.finishReason).toBe('end_turn');
    },
  );

  it('a result edited at an earlier after-tool pause is what the model reads after the resume', async () => {
    const tool = createInMemoryTool({ name: 'weather', run: () => 'Rain' });
    const edited = { type: 'edit-result' as const, content: [text('Snow (edited)')], isError: false };
    const first = stepper((point, index) => {
      if (index >= 5) return null;
      return point.kind === 'after-tool' && index === 4 ? edited : { type: 'continue' };
    });
    const abort = new AbortController();
    const { handle } = startRun(replies, [tool], { debug: first.controller, signal: abort.signal });
    const events: RunEvent[] = [];
    void (async () => {
      for await (const event of handle.events) events.push(event);
    })();
    while (first.pauses.length <= 5) await flush();
    await flush();
    const cut = [...events];
    abort.abort();
    await handle.result;

    const second = stepper(() => {
      second.setMode('run');
      return { type: 'continue' };
    });
    const resumedRun = startRun(replies, [tool], { debug: second.controller, resume: { events: cut } });
    const result = await resumedRun.handle.result;
    expect(result.finishReason).toBe('end_turn');
    const sent = JSON.stringify(resumedRun.model.requests[0]?.messages);
    expect(sent).toContain('Snow (edited)');
    expect(sent).toContain('"Rain"');
  });

  it('a log of no run (or of an ended one) is refused as an error run, never a rejection', async () => {
    const { handle } = startRun(replies, [], { resume: { events: [] } });
    const result = await handle.result;
    expect(result.finishReason).toBe('error');
    expect(() => planResume([])).toThrow('nothing to resume');
  });
});
