import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../event/run-event';
import type { Message, TextBlock } from '../message/message';
import type { ModelRequest } from '../model/model';
import { TRIM_MARKER_PREFIX } from '../compaction/trim-tool-results';
import { SUMMARY_SYSTEM } from '../compaction/summarise-span';
import { foldSentHistory } from '../compaction/fold-sent-history';
import { forkHistory } from '../debug/fork-history';
import { buildTranscript } from '../transcript/build-transcript';
import { transcriptToEvents } from '../transcript/transcript-to-events';
import { collectRun } from '../testing/collect-run';
import { filterEvents } from '../testing/filter-events';
import { findRunProblems } from '../testing/find-run-problems';
import { createInMemoryTool } from '../testing/in-memory-tool';
import { startRun, text, use } from '../testing/policy-test-kit';
import type { ScriptedReply } from '../testing/scripted-model';
import type { CompactionPolicy } from '../../shared/loop-policies';

/** A tool whose every result is about 2,000 characters (~500 tokens). */
const bulky = () =>
  createInMemoryTool({
    name: 'fetch_page',
    run: (input) => `page ${JSON.stringify(input)} ${'lorem ipsum '.repeat(170)}`,
  });
const isSummaryCall = (request: ModelRequest): boolean => request.system === SUMMARY_SYSTEM;
/** Asks for the tool `rounds` times, then answers; a summary call gets `summary`. */
function script(rounds: number, summary: ScriptedReply = { content: [text('Pages 0–3 were read; all say lorem.')] }) {
  let round = 0;
  return (request: ModelRequest): ScriptedReply => {
    if (isSummaryCall(request)) return summary;
    round += 1;
    return round <= rounds ? { content: [use(`c${round}`, 'fetch_page', { n: round })] } : { content: [text('Done.')] };
  };
}
const policies = (compaction: Partial<CompactionPolicy>) => ({
  compaction: { mode: 'trim' as const, thresholdPercent: 80, everyRounds: 0, keepRounds: 1, ...compaction },
});
const resultTexts = (messages: readonly Message[]): string[] =>
  messages.flatMap((message) =>
    message.content.flatMap((block) =>
      block.type === 'tool_result' ? [block.content.map((part) => (part as TextBlock).text).join('')] : [],
    ),
  );
const compactActs = (events: readonly RunEvent[]) =>
  filterEvents(events, 'policy-act').filter((act) => act.policy === 'compaction');
const toolRequests = (requests: readonly ModelRequest[]) => requests.filter((request) => !isSummaryCall(request));

describe('compaction (ENGINE-SPEC rule 28)', () => {
  it('off by default: a long run sends every result whole', async () => {
    const { model, handle } = startRun(script(6), [bulky()], { maxRounds: 10, contextWindow: 1000 });
    const { events, result } = await collectRun(handle);
    expect(compactActs(events)).toEqual([]);
    expect(
      resultTexts(model.requests.at(-1)?.messages ?? []).every((body) => !body.startsWith(TRIM_MARKER_PREFIX)),
    ).toBe(true);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('trim at the threshold: the oldest results become markers, the last rounds stay whole, the full history is kept', async () => {
    const { model, handle } = startRun(script(8), [bulky()], {
      maxRounds: 12,
      contextWindow: 3000,
      policies: policies({ mode: 'trim', thresholdPercent: 50, keepRounds: 1 }),
    });
    const { events, result } = await collectRun(handle);
    expect(result.finishReason).toBe('end_turn');
    const compactions = filterEvents(events, 'history-compact');
    expect(compactions.length).toBeGreaterThan(0);
    const first = compactions[0];
    expect(first).toMatchObject({ mode: 'trim', trigger: 'threshold' });
    expect(first?.tokensAfter).toBeLessThan(first?.tokensBefore ?? 0);
    // Before the first compaction no request passed 50 % of 3,000 tokens by more than one round's growth.
    const acts = compactActs(events);
    expect(acts[0]?.detail).toMatch(
      /^Compacted: trimmed \d+ old tool results?, ~[\d,]+ → ~[\d,]+ tokens \(the request/,
    );
    // What the model received: the oldest results as markers, the last two rounds (current + 1 kept) whole.
    const last = toolRequests(model.requests).at(-1)?.messages ?? [];
    const bodies = resultTexts(last);
    expect(bodies[0]).toMatch(/^\[Compacted by Loupe: this result of fetch_page was shortened/);
    expect(bodies.slice(-2).every((body) => body.startsWith('page '))).toBe(true);
    // Every tool_use still has exactly one tool_result in what was sent.
    const uses = last.flatMap((message) => message.content.filter((block) => block.type === 'tool_use'));
    expect(uses).toHaveLength(bodies.length);
    // The full history (result.messages, the transcript's messages) keeps every result whole.
    expect(resultTexts(result.messages).every((body) => body.startsWith('page '))).toBe(true);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('every N rounds, without a context window: trims whatever is old enough', async () => {
    const { model, handle } = startRun(script(6), [bulky()], {
      maxRounds: 10,
      policies: policies({ mode: 'trim', everyRounds: 2, keepRounds: 0 }),
    });
    const { events, result } = await collectRun(handle);
    const compactions = filterEvents(events, 'history-compact');
    expect(compactions.map((event) => event.round)).toEqual([2, 4, 6]);
    expect(compactions.every((event) => event.trigger === 'every-rounds')).toBe(true);
    const sent = toolRequests(model.requests);
    // Round 3's request: round 1's result trimmed, round 2's (the current round) whole.
    expect(resultTexts(sent[2]?.messages ?? []).map((body) => body.startsWith(TRIM_MARKER_PREFIX))).toEqual([
      true,
      false,
    ]);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('summarise: one call without tools turns the oldest rounds into a summary the next request carries', async () => {
    const { model, handle } = startRun(script(6), [bulky()], {
      maxRounds: 10,
      contextWindow: 3000,
      policies: policies({ mode: 'summarise', thresholdPercent: 60, keepRounds: 1 }),
    });
    const { events, result } = await collectRun(handle);
    const summaryCalls = model.requests.filter(isSummaryCall);
    expect(summaryCalls.length).toBeGreaterThan(0);
    expect(summaryCalls[0]?.tools).toEqual([]);
    expect((summaryCalls[0]?.messages[0]?.content[0] as TextBlock).text).toContain(
      'Result of fetch_page: page {"n":1}',
    );
    const compaction = filterEvents(events, 'history-compact')[0];
    expect(compaction?.summary).toBe('Pages 0–3 were read; all say lorem.');
    expect(compaction?.usage).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(compactActs(events)[0]?.detail).toMatch(/^Compacted: summarised \d+ old messages, .* Summary: Pages 0–3/);
    const next = toolRequests(model.requests)[
      events.indexOf(compaction as RunEvent) < 0 ? 0 : (compaction?.round ?? 0)
    ];
    const firstUser = next?.messages[0]?.content ?? [];
    expect(firstUser.map((block) => block.type)).toEqual(['text', 'text']);
    expect((firstUser[1] as TextBlock).text).toMatch(/^\[Compacted by Loupe: a summary of \d+ earlier messages/);
    // The summariser's tokens count in the run's usage.
    const replies = filterEvents(events, 'response-end').reduce((sum, end) => sum + end.usage.inputTokens, 0);
    expect(result.usage.inputTokens).toBe(replies + filterEvents(events, 'history-compact').length * 10);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('a summariser that fails leaves the history unchanged, says why, and the run goes on', async () => {
    const { model, handle } = startRun(script(5, { error: new Error('overloaded') }), [bulky()], {
      maxRounds: 10,
      contextWindow: 2000,
      policies: policies({ mode: 'summarise', thresholdPercent: 50, keepRounds: 1 }),
    });
    const { events, result } = await collectRun(handle);
    expect(result.finishReason).toBe('end_turn');
    expect(filterEvents(events, 'history-compact')).toEqual([]);
    const acts = compactActs(events).filter((act) => act.detail.includes('summary'));
    expect(acts.length).toBeGreaterThan(0);
    expect(acts[0]?.detail).toMatch(
      /^Compaction failed: the summary could not be made \(overloaded\)\. The history is unchanged/,
    );
    const last = toolRequests(model.requests).at(-1);
    expect(last?.messages).toEqual(result.messages.slice(0, last?.messages.length));
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('nothing old enough to compact is a notice, not a failure of the run', async () => {
    const { handle } = startRun(script(2), [bulky()], {
      maxRounds: 5,
      contextWindow: 100,
      policies: policies({ mode: 'trim', keepRounds: 3 }),
    });
    const { events, result } = await collectRun(handle);
    expect(compactActs(events)[0]?.detail).toMatch(/^Compaction failed: nothing is old enough/);
    expect(result.finishReason).toBe('end_turn');
  });

  it('cancel during compaction: the run ends aborted with the history unchanged', async () => {
    const controller = new AbortController();
    const inner = script(6);
    let summaryCalls = 0;
    // The summary call is where the person presses Stop; it hangs until the signal aborts.
    const replies = (request: ModelRequest): ScriptedReply => {
      if (!isSummaryCall(request)) return inner(request);
      summaryCalls += 1;
      controller.abort();
      return { hang: true };
    };
    const { handle } = startRun(replies, [bulky()], {
      maxRounds: 10,
      contextWindow: 2000,
      signal: controller.signal,
      policies: policies({ mode: 'summarise', thresholdPercent: 50, keepRounds: 1 }),
    });
    const { events, result } = await collectRun(handle);
    expect(summaryCalls).toBe(1);
    expect(result.finishReason).toBe('aborted');
    expect(filterEvents(events, 'history-compact')).toEqual([]);
    expect(compactActs(events).filter((act) => act.detail.startsWith('Compacted'))).toEqual([]);
    expect(foldSentHistory(events)).toEqual(result.messages);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('a fork after a compaction starts from the compacted history that round sent; the transcript round-trips it', async () => {
    const { model, handle } = startRun(script(6), [bulky()], {
      maxRounds: 10,
      policies: policies({ mode: 'trim', everyRounds: 3, keepRounds: 0 }),
    });
    const { events, result } = await collectRun(handle);
    const fork = forkHistory(events, 5);
    expect(fork.changes).toEqual([]);
    expect(fork.messages).toEqual(toolRequests(model.requests)[4]?.messages);
    expect(resultTexts(fork.messages)[0]).toMatch(/^\[Compacted by Loupe/);
    // A fork from before the compaction gets the history whole.
    expect(resultTexts(forkHistory(events, 3).messages).every((body) => body.startsWith('page '))).toBe(true);
    const transcript = buildTranscript(events, {
      createdAt: '2026-01-01T00:00:00.000Z',
      app: { name: 'Loupe', version: 'test' },
      settings: { provider: 'scripted', model: 'scripted-model', maxRounds: 10, maxTokens: 4096 },
      servers: [],
    });
    expect(transcript.messages).toEqual(result.messages);
    expect(transcript.rounds[2]?.compactions?.[0]?.made).toMatchObject({ mode: 'trim', trigger: 'every-rounds' });
    expect(foldSentHistory(transcriptToEvents(transcript))).toEqual(foldSentHistory(events));
  });
});
