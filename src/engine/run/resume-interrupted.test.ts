import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import type { ModelRequest } from '../model/model';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { startRun, text, use } from '../testing/policy-test-kit';
import type { ScriptedReply } from '../testing/scripted-model';
import { RELOAD_ASK_AGAIN_NOTE, RELOAD_CANCELLED_TEXT, RELOAD_NOT_RERUN_TEXT } from './plan-interrupted-resume';
import { planResume } from './resume-run';

/** Round 1 asks for a read-only weather call and a booking (not read-only); round 2 asks for weather again; round 3 answers. */
const replies = (request: ModelRequest): ScriptedReply => {
  const results = request.messages.filter((message) =>
    message.content.some((block) => block.type === 'tool_result'),
  ).length;
  if (results === 0)
    return { content: [text('Checking.'), use('c1', 'weather', { city: 'Paris' }), use('c2', 'book', { seat: '1A' })] };
  if (results === 1) return { content: [use('c3', 'weather', { city: 'Oslo' })] };
  return { content: [text('Wear a coat.')], stopReason: 'end_turn' };
};

function tools() {
  const weather = createInMemoryTool({
    name: 'weather',
    annotations: { readOnlyHint: true },
    run: (input) => `Rain in ${String(input['city'])}`,
  });
  const book = createInMemoryTool({ name: 'book', run: () => 'Booked' });
  return { weather, book, list: [weather, book] };
}

async function collect(handle: ReturnType<typeof startRun>['handle']): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return events;
}

/** Eager start off: round 1's calls start only once the reply has ended, so a cut can fall between them. */
const late = { policies: { eagerStart: false } };

async function fullRun(extra = {}): Promise<RunEvent[]> {
  const { handle } = startRun(replies, tools().list, extra);
  return collect(handle);
}

describe('resume after a reload of a run that was working (not paused)', () => {
  it('from every cut point of a three-round run: goes on as the same run and ends with a valid history', async () => {
    const events = await fullRun();
    expect(events.at(-1)).toMatchObject({ type: 'run-end', finishReason: 'end_turn' });
    for (let cut = 1; cut < events.length - 1; cut += 1) {
      const stored = events.slice(0, cut);
      const { handle } = startRun(replies, tools().list, { resume: { events: stored } });
      const added = await collect(handle);
      const result = await handle.result;
      const log = [...stored, ...added];
      expect(findRunProblems(log, result), `cut at ${cut} (${events[cut - 1]?.type})`).toEqual([]);
      expect(result.finishReason, `cut at ${cut}`).toBe('end_turn');
      expect(result.runId).toBe(events[0]?.type === 'run-start' ? events[0].runId : '');
      expect(added.some((event) => event.type === 'run-start')).toBe(false);
    }
  });

  it('re-runs an unfinished read-only call and answers an unfinished other call "not executed", once', async () => {
    const events = await fullRun(late);
    // Cut while round 1's tools ran: the reply is stored, neither call had ended.
    const cut = events.findIndex((event) => event.type === 'response-end') + 1;
    const { weather, book, list } = tools();
    const { handle, model } = startRun(replies, list, { ...late, resume: { events: events.slice(0, cut) } });
    const added = await collect(handle);
    expect((await handle.result).finishReason).toBe('end_turn');
    expect(weather.calls[0]).toEqual({ city: 'Paris' });
    expect(book.calls).toEqual([]);
    const ends = added.filter((event) => event.type === 'tool-call-end' && event.round === 1);
    expect(ends.map((event) => event.type === 'tool-call-end' && [event.callId, event.status]).sort()).toEqual([
      ['c1', 'ok'],
      ['c2', 'not-executed'],
    ]);
    const commit = added.find((event) => event.type === 'tool-results-commit');
    expect(JSON.stringify(commit)).toContain(RELOAD_NOT_RERUN_TEXT);
    // Round 1 is not asked again: the first request of the resumed run is round 2's.
    expect(model.requests).toHaveLength(2);
    expect(
      added.filter((event) => event.type === 'round-start').map((event) => 'round' in event && event.round),
    ).toEqual([2, 3]);
  });

  it('keeps a call that had answered: it is neither run again nor answered twice', async () => {
    const events = await fullRun(late);
    const firstEnd = events.findIndex((event) => event.type === 'tool-call-end') + 1;
    const { weather, list } = tools();
    const { handle } = startRun(replies, list, { ...late, resume: { events: events.slice(0, firstEnd) } });
    const added = await collect(handle);
    const result = await handle.result;
    expect(findRunProblems([...events.slice(0, firstEnd), ...added], result)).toEqual([]);
    const ended = events.slice(0, firstEnd).find((event) => event.type === 'tool-call-end');
    expect(ended?.type === 'tool-call-end' && ended.callId).toBe('c1');
    expect(added.some((event) => event.type === 'tool-call-end' && event.callId === 'c1')).toBe(false);
    // Only round 2's weather call ran in the resumed run.
    expect(weather.calls).toEqual([{ city: 'Oslo' }]);
  });

  it('asks again for a reply cut mid-stream, closing the cut attempt and its early calls', async () => {
    const events = await fullRun();
    const round2 = events.findIndex((event) => event.type === 'round-start' && event.round === 2);
    const stored: RunEvent[] = [
      ...events.slice(0, round2 + 1),
      { type: 'response-start', at: 1, round: 2 },
      { type: 'tool-input-start', round: 2, index: 0, callId: 'c3', name: 'weather' },
      { type: 'tool-input-delta', round: 2, index: 0, callId: 'c3', partialJson: '{"city":"Os' },
      {
        type: 'tool-call-start',
        at: 2,
        round: 2,
        callId: 'early',
        name: 'weather',
        input: { city: 'Oslo' },
        queuedAt: 2,
        eager: true,
      },
    ];
    const plan = planResume(stored, 9);
    expect(plan.entry).toBe('request');
    expect(plan.round).toBe(2);
    const { handle, model } = startRun(replies, tools().list, { resume: { events: stored } });
    const added = await collect(handle);
    const result = await handle.result;
    expect(findRunProblems([...stored, ...added], result)).toEqual([]);
    expect(added.slice(0, 3)).toMatchObject([
      { type: 'tool-call-end', callId: 'early', status: 'cancelled', content: [{ text: RELOAD_CANCELLED_TEXT }] },
      { type: 'response-end', round: 2, interrupted: true, message: { content: [] } },
      { type: 'notice', round: 2, message: RELOAD_ASK_AGAIN_NOTE },
    ]);
    expect(added[3]).toMatchObject({ type: 'round-start', round: 2 });
    expect(model.requests).toHaveLength(2);
    expect(result.rounds).toBe(3);
  });

  it('ends a run whose last reply had answered, without asking the model again', async () => {
    const events = await fullRun();
    const stored = events.slice(0, -1);
    const { handle, model } = startRun(replies, tools().list, { resume: { events: stored } });
    const added = await collect(handle);
    expect(added).toMatchObject([{ type: 'run-end', finishReason: 'end_turn' }]);
    expect(model.requests).toEqual([]);
  });

  it('ends at its limit a run cut after the limit was reached', async () => {
    const { handle } = startRun(replies, tools().list, { maxRounds: 1, policies: { atLimit: 'stop' } });
    const events = await collect(handle);
    const stored = events.slice(0, -1);
    expect(stored.at(-1)?.type).toBe('limit-reached');
    const resumed = startRun(replies, tools().list, { resume: { events: stored } });
    const added = await collect(resumed.handle);
    expect(added).toMatchObject([{ type: 'run-end', finishReason: 'limit:rounds' }]);
    expect(resumed.model.requests).toEqual([]);
  });
});
