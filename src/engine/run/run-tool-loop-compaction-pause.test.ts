import { describe, expect, it } from 'vitest';
import type { Breakpoint, DebugController, PauseDecision, PausePoint, StepMode } from '../debug/pause-point';
import type { RunEvent } from '../event/run-event';
import type { Message, TextBlock } from '../message/message';
import type { ModelRequest } from '../model/model';
import { SUMMARY_SYSTEM } from '../compaction/summarise-span';
import { TRIM_MARKER_PREFIX } from '../compaction/trim-tool-results';
import { foldSentHistory } from '../compaction/fold-sent-history';
import { buildTranscript } from '../transcript/build-transcript';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { flush, startRun, text, use } from '../testing/policy-test-kit';
import type { ScriptedReply } from '../testing/scripted-model';
import type { CompactionPolicy } from '../../shared/loop-policies';
import { findOpenPause } from './resume-run';

const MODEL_SUMMARY = 'Pages 1–3 were read; all say lorem.';
const bulky = () =>
  createInMemoryTool({
    name: 'fetch_page',
    run: (input) => `page ${JSON.stringify(input)} ${'lorem ipsum '.repeat(170)}`,
  });
const isSummaryCall = (request: ModelRequest): boolean => request.system === SUMMARY_SYSTEM;
/**
 * Asks for the tool `rounds` times, then answers; a summary call gets the model's summary. The round is read from
 * the request (the last call's id), so a resumed run's model goes on where the first one stopped.
 */
function script(rounds: number) {
  return (request: ModelRequest): ScriptedReply => {
    if (isSummaryCall(request)) return { content: [text(MODEL_SUMMARY)] };
    const ids = request.messages.flatMap((message) =>
      message.content.flatMap((block) => (block.type === 'tool_use' ? [Number(block.id.slice(1))] : [])),
    );
    const round = (ids.at(-1) ?? 0) + 1;
    return round <= rounds ? { content: [use(`c${round}`, 'fetch_page', { n: round })] } : { content: [text('Done.')] };
  };
}
const policies = (compaction: Partial<CompactionPolicy>) => ({
  compaction: { mode: 'summarise' as const, thresholdPercent: 80, everyRounds: 3, keepRounds: 1, ...compaction },
});
const atCompaction: Breakpoint = { id: 'bc', enabled: true, kind: 'compaction' };

/** A controller that answers each pause with `answer` (null holds the pause for good). */
function controllerOf(answer: (point: PausePoint) => PauseDecision | null, mode: StepMode = 'run') {
  const pauses: PausePoint[] = [];
  const controller: DebugController = {
    getPolicy: () => ({ mode, breakpoints: [atCompaction], approval: { enabled: false, tools: {} } }),
    pauseGate: (point) => {
      pauses.push(point);
      const decision = answer(point);
      return decision === null ? new Promise<PauseDecision>(() => undefined) : Promise.resolve(decision);
    },
  };
  return { controller, pauses };
}

async function play(answer: (point: PausePoint) => PauseDecision | null, compaction: Partial<CompactionPolicy> = {}) {
  const { controller, pauses } = controllerOf(answer);
  const { model, handle } = startRun(script(5), [bulky()], {
    maxRounds: 10,
    debug: controller,
    policies: policies(compaction),
  });
  const events: RunEvent[] = [];
  for await (const event of handle.events) events.push(event);
  const result = await handle.result;
  return { model, events, result, pauses, requests: model.requests.filter((request) => !isSummaryCall(request)) };
}

const compactActs = (events: readonly RunEvent[]) =>
  filterEvents(events, 'policy-act').filter((act) => act.policy === 'compaction');
const firstUserTexts = (messages: readonly Message[] | undefined): string[] =>
  (messages?.[0]?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));

describe('the debugger at a compaction (ENGINE-SPEC rules 21, 28)', () => {
  it('pauses after the summary is made, before it is applied, with the plan; Continue applies it as planned', async () => {
    const { events, result, pauses, requests, model } = await play(() => ({ type: 'continue' }));
    const held = pauses.filter((point) => point.kind === 'before-compaction');
    // Every 3 rounds over 5 tool rounds: one compaction, after round 3.
    expect(held).toHaveLength(1);
    const point = held[0];
    if (point?.kind !== 'before-compaction') throw new Error('no compaction pause');
    expect(point.round).toBe(3);
    expect(point.reasons).toEqual([{ kind: 'breakpoint', breakpointId: 'bc', label: 'before a compaction' }]);
    expect(point.compaction).toMatchObject({
      mode: 'summarise',
      trigger: 'every-rounds',
      because: 'every 3 rounds',
      summary: MODEL_SUMMARY,
      usage: { inputTokens: 10, outputTokens: 5 },
    });
    expect(point.compaction.summarisedMessages).toBeGreaterThan(0);
    expect(point.compaction.tokensAfter).toBeLessThan(point.compaction.tokensBefore);
    // The summariser had answered before the pause: the one summary call precedes round 4's request.
    expect(model.requests.filter(isSummaryCall)).toHaveLength(1);
    const start = filterEvents(events, 'pause-start').find((event) => event.pause.kind === 'before-compaction');
    expect(start?.pause.compaction?.summary).toBe(MODEL_SUMMARY);
    expect(filterEvents(events, 'pause-end').find((event) => event.pauseId === start?.pauseId)?.decision).toBe(
      'continue',
    );
    const made = filterEvents(events, 'history-compact');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ round: 3, summary: MODEL_SUMMARY, tokensAfter: point.compaction.tokensAfter });
    expect(firstUserTexts(requests[3]?.messages).at(-1)).toContain(MODEL_SUMMARY);
    expect(result.finishReason).toBe('end_turn');
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('an edited summary is what the model receives, recorded as an edit (what, before, after) in the transcript', async () => {
    const edited = 'Edited by a person: pages 1–3 hold nothing but lorem ipsum.';
    const { events, result, requests } = await play((point) =>
      point.kind === 'before-compaction' ? { type: 'edit-summary', summary: edited } : { type: 'continue' },
    );
    const made = filterEvents(events, 'history-compact')[0];
    expect(made?.summary).toBe(edited);
    expect(made?.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
    const sent = firstUserTexts(requests[3]?.messages).join('\n');
    expect(sent).toContain(edited);
    expect(sent).not.toContain(MODEL_SUMMARY);
    expect(filterEvents(events, 'edit-apply')).toMatchObject([
      { round: 3, what: 'compaction.summary', before: MODEL_SUMMARY, after: edited },
    ]);
    const act = compactActs(events).find((entry) => entry.detail.startsWith('Compacted'));
    expect(act?.detail).toContain('The summary was edited at a pause.');
    expect(act?.detail).toContain(`Summary: ${edited}`);
    const transcript = buildTranscript(events, {
      createdAt: '2026-01-01T00:00:00.000Z',
      app: { name: 'Loupe', version: 'test' },
      settings: { provider: 'scripted', model: 'scripted-model', maxRounds: 10, maxTokens: 4096 },
      servers: [],
    });
    expect(transcript.rounds[2]?.edits).toEqual([{ what: 'compaction.summary', before: MODEL_SUMMARY, after: edited }]);
    expect(transcript.rounds[2]?.compactions?.[0]?.made.summary).toBe(edited);
    // The full history keeps every result whole.
    expect(JSON.stringify(transcript.messages)).not.toContain(edited);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('an edited summary too long to save anything fails visibly and leaves the history unchanged', async () => {
    const { events, result, requests } = await play((point) =>
      point.kind === 'before-compaction'
        ? { type: 'edit-summary', summary: 'x'.repeat(200_000) }
        : { type: 'continue' },
    );
    expect(filterEvents(events, 'history-compact')).toEqual([]);
    expect(compactActs(events)[0]?.detail).toMatch(
      /^Compaction failed: with the edited summary, the compacted request would not be smaller/,
    );
    expect(requests[3]?.messages).toEqual(result.messages.slice(0, requests[3]?.messages.length));
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('an empty edited summary is refused: the compaction fails and nothing changes', async () => {
    const { events, result } = await play((point) =>
      point.kind === 'before-compaction' ? { type: 'edit-summary', summary: '  \n ' } : { type: 'continue' },
    );
    expect(filterEvents(events, 'history-compact')).toEqual([]);
    expect(compactActs(events)[0]?.detail).toMatch(/^Compaction failed: the edited summary is empty\./);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('Skip compaction: the history goes on whole, recorded as a policy act "Compaction skipped…"', async () => {
    const { events, result, requests, pauses } = await play((point) =>
      point.kind === 'before-compaction' ? { type: 'skip-compaction' } : { type: 'continue' },
    );
    expect(pauses.filter((point) => point.kind === 'before-compaction')).toHaveLength(1);
    expect(filterEvents(events, 'history-compact')).toEqual([]);
    const acts = compactActs(events);
    expect(acts).toHaveLength(1);
    expect(acts[0]?.detail).toMatch(/^Compaction skipped at a pause: the history is unchanged \(it would have gone ~/);
    expect(filterEvents(events, 'pause-end').map((event) => event.decision)).toContain('skip-compaction');
    // Round 4 sends the full history.
    expect(requests[3]?.messages).toEqual(result.messages.slice(0, requests[3]?.messages.length));
    expect(foldSentHistory(events)).toEqual(result.messages);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('a trim-only compaction pauses without a summary; an edit-summary answer applies it as planned', async () => {
    const { events, result, pauses, requests } = await play(
      (point) =>
        point.kind === 'before-compaction' ? { type: 'edit-summary', summary: 'ignored' } : { type: 'continue' },
      { mode: 'trim', keepRounds: 0 },
    );
    const point = pauses.find((entry) => entry.kind === 'before-compaction');
    if (point?.kind !== 'before-compaction') throw new Error('no compaction pause');
    expect(point.compaction.summary).toBeUndefined();
    expect(point.compaction.trimmedResults).toBeGreaterThan(0);
    expect(filterEvents(events, 'edit-apply')).toEqual([]);
    expect(filterEvents(events, 'history-compact')[0]).toMatchObject({ mode: 'trim' });
    const bodies = (requests[3]?.messages ?? []).flatMap((message) =>
      message.content.flatMap((block) =>
        block.type === 'tool_result' ? [(block.content[0] as TextBlock | undefined)?.text ?? ''] : [],
      ),
    );
    expect(bodies[0]?.startsWith(TRIM_MARKER_PREFIX)).toBe(true);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('Stop at the pause ends the run aborted with the history unchanged', async () => {
    const { events, result } = await play((point) =>
      point.kind === 'before-compaction' ? { type: 'stop' } : { type: 'continue' },
    );
    expect(result.finishReason).toBe('aborted');
    expect(filterEvents(events, 'history-compact')).toEqual([]);
    expect(compactActs(events)).toEqual([]);
    expect(foldSentHistory(events)).toEqual(result.messages);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('a cancel from outside while held at the compaction ends the run aborted, nothing applied', async () => {
    const abort = new AbortController();
    const { controller, pauses } = controllerOf(() => null);
    const { handle } = startRun(script(5), [bulky()], {
      maxRounds: 10,
      debug: controller,
      signal: abort.signal,
      policies: policies({}),
    });
    const events: RunEvent[] = [];
    const drained = (async () => {
      for await (const event of handle.events) events.push(event);
    })();
    while (pauses.length === 0) await flush();
    abort.abort();
    const result = await handle.result;
    await drained;
    expect(pauses[0]?.kind).toBe('before-compaction');
    expect(result.finishReason).toBe('aborted');
    expect(filterEvents(events, 'history-compact')).toEqual([]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('step mode stops at the compaction too; stepping over a round does not', async () => {
    const stepping = controllerOf(() => ({ type: 'continue' }), 'step');
    stepping.controller.getPolicy = () => ({ mode: 'step', breakpoints: [], approval: { enabled: false, tools: {} } });
    await startRun(script(4), [bulky()], { maxRounds: 10, debug: stepping.controller, policies: policies({}) }).handle
      .result;
    expect(stepping.pauses.map((point) => point.kind)).toContain('before-compaction');
    const over = controllerOf(() => ({ type: 'continue' }), 'next-round');
    over.controller.getPolicy = () => ({
      mode: 'next-round',
      breakpoints: [],
      approval: { enabled: false, tools: {} },
    });
    await startRun(script(4), [bulky()], { maxRounds: 10, debug: over.controller, policies: policies({}) }).handle
      .result;
    expect(over.pauses.map((point) => point.kind)).not.toContain('before-compaction');
  });

  /** A run held at its compaction pause, then cut there (as a reload does): its events so far and its pauses. */
  async function cutAtCompactionPause() {
    const abort = new AbortController();
    const first = controllerOf((point) => (point.kind === 'before-compaction' ? null : { type: 'continue' }));
    const run = startRun(script(5), [bulky()], {
      maxRounds: 10,
      debug: first.controller,
      signal: abort.signal,
      policies: policies({}),
    });
    const events: RunEvent[] = [];
    void (async () => {
      for await (const event of run.handle.events) events.push(event);
    })();
    while (first.pauses.length === 0) await flush();
    await flush();
    const cut = [...events];
    abort.abort();
    await run.handle.result;
    return { first, cut };
  }

  it('after a reload at the compaction pause the same pause holds again with the same summary, not asked again', async () => {
    const { first, cut } = await cutAtCompactionPause();
    const held = first.pauses[0];
    expect(findOpenPause(cut)).toMatchObject({ pauseId: held?.pauseId, kind: 'before-compaction', round: 3 });

    const edited = 'Edited after the reload.';
    const second = controllerOf((point) =>
      point.kind === 'before-compaction' ? { type: 'edit-summary', summary: edited } : { type: 'continue' },
    );
    const resumed = startRun(script(5), [bulky()], {
      maxRounds: 10,
      debug: second.controller,
      policies: policies({}),
      resume: { events: cut },
    });
    const more: RunEvent[] = [];
    for await (const event of resumed.handle.events) more.push(event);
    const result = await resumed.handle.result;
    const again = second.pauses[0];
    expect(again).toMatchObject({ pauseId: held?.pauseId, kind: 'before-compaction', round: 3 });
    if (again?.kind !== 'before-compaction') throw new Error('no compaction pause');
    expect(again.compaction.summary).toBe(MODEL_SUMMARY);
    // No second summary call, no second pause-start; the summariser's usage still counts once.
    expect(resumed.model.requests.filter(isSummaryCall)).toEqual([]);
    expect(filterEvents(more, 'pause-start').map((event) => event.pauseId)).not.toContain(held?.pauseId);
    expect(filterEvents(more, 'history-compact')[0]).toMatchObject({
      summary: edited,
      usage: { inputTokens: 10, outputTokens: 5 },
    });
    expect(JSON.stringify(resumed.model.requests[0]?.messages)).toContain(edited);
    expect(result.finishReason).toBe('end_turn');
    expect(findRunProblems([...cut, ...more], result)).toEqual([]);
  });

  it('after a reload at the compaction pause with compaction turned off, the pause is closed and the run goes on', async () => {
    const { first, cut } = await cutAtCompactionPause();

    const second = controllerOf(() => ({ type: 'continue' }));
    const resumed = startRun(script(5), [bulky()], {
      maxRounds: 10,
      debug: second.controller,
      policies: policies({ mode: 'off' }),
      resume: { events: cut },
    });
    const more: RunEvent[] = [];
    for await (const event of resumed.handle.events) more.push(event);
    const result = await resumed.handle.result;
    expect(more[0]).toMatchObject({ type: 'pause-end', pauseId: first.pauses[0]?.pauseId });
    expect(filterEvents(more, 'history-compact')).toEqual([]);
    expect(result.finishReason).toBe('end_turn');
    expect(findRunProblems([...cut, ...more], result)).toEqual([]);
  });
});
