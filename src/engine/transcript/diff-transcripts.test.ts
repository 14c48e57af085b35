import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, diffTranscripts } from './diff-transcripts';
import type { Transcript } from './transcript';

const load = (name: string): Transcript =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/transcripts/v3/${name}.json`, import.meta.url), 'utf8'),
  ) as Transcript;

describe('diffTranscripts', () => {
  it('finds no difference between a run and itself, timings and ids aside', () => {
    const left = load('demo-weather-clothing');
    const right = structuredClone(left);
    right.runId = 'another';
    for (const round of right.rounds) if (round.response) round.response.timing.durationMs += 500;
    const diff = diffTranscripts(left, right);
    expect(diff.differingRounds).toEqual([]);
    expect(diff.rounds).toHaveLength(3);
    expect(diff.finishReason.differs).toBe(false);
  });

  it('points at the round and field where a tool result and a reply differ', () => {
    const left = load('demo-weather-clothing');
    const right = structuredClone(left);
    const call = right.rounds[0]!.toolCalls[0]!;
    call.content = [{ type: 'text', text: 'Paris: 30 °C, sunny' }];
    const answer = right.rounds[2]!.response!.content[0]!;
    if (answer.type === 'text') answer.text = 'Wear a T-shirt.';
    const diff = diffTranscripts(left, right);
    expect(diff.differingRounds).toEqual([1, 3]);
    const round1 = diff.rounds[0]!.fields.filter((field) => field.differs);
    expect(diff.rounds[0]!.fields[0]).toMatchObject({ field: 'model', differs: false, counts: false });
    expect(round1.map((field) => field.field)).toEqual(['call 1 demo__weather_get result']);
    expect(round1[0]!.right).toBe('ok: Paris: 30 °C, sunny');
    expect(diff.rounds[2]!.fields.find((field) => field.differs)).toMatchObject({
      field: 'reply',
      right: 'Wear a T-shirt.',
    });
  });

  it('shows a round present on one side only, and a different ending', () => {
    const left = load('demo-weather-clothing');
    const right = load('interrupted-mid-run');
    const diff = diffTranscripts(left, right);
    expect(diff.rounds).toHaveLength(3);
    expect(diff.rounds[2]!.fields[0]).toMatchObject({ right: null, differs: true });
    expect(diff.finishReason).toMatchObject({ left: 'end_turn', right: 'not ended', differs: true });
  });

  it('shows which model answered without counting it as a difference', () => {
    const left = load('demo-weather-clothing');
    const right = structuredClone(left);
    for (const round of right.rounds) round.request.provider = 'replay';
    const diff = diffTranscripts(left, right);
    expect(diff.differingRounds).toEqual([]);
    expect(diff.rounds[0]!.fields[0]).toMatchObject({ field: 'model', differs: true, counts: false });
  });

  it('compares tool inputs by value, not key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe(
      canonicalJson({ a: { c: [3, { e: 5, f: 4 }], d: 2 }, b: 1 }),
    );
  });
});

/** `parent` forked at `round` with no edit: its rounds from there, renumbered from 1, the same history. */
function forkOf(parent: Transcript, round: number): Transcript {
  const fork = structuredClone(parent);
  fork.runId = 'fork';
  fork.rounds = fork.rounds.slice(round - 1).map((entry, index) => ({ ...entry, round: index + 1 }));
  return fork;
}

describe('diffTranscripts aligned by shared history', () => {
  it('pairs a fork made at round 2 with its parent from round 2: nothing differs (index pairing said all did)', () => {
    const parent = load('demo-weather-clothing');
    const fork = forkOf(parent, 2);
    const diff = diffTranscripts(parent, fork);
    expect(diff.alignment).toMatchObject({ leftOffset: 1, rightOffset: 0 });
    expect(diff.before).toEqual({ side: 'left', rounds: 1 });
    expect(diff.rounds.map((round) => [round.leftRound, round.rightRound])).toEqual([
      [2, 1],
      [3, 2],
    ]);
    expect(diff.differingRounds).toEqual([]);
    expect(diff.firstDivergence).toBeNull();
    // The other way round too.
    expect(diffTranscripts(fork, parent).alignment).toMatchObject({ leftOffset: 0, rightOffset: 1 });
  });

  it('shows the first divergence where a fork edited the history it re-asks', () => {
    const parent = load('demo-weather-clothing');
    const fork = forkOf(parent, 2);
    const result = fork.messages[2]?.content[0];
    if (result?.type === 'tool_result') result.content = [{ type: 'text', text: 'Paris: 30 °C, sunny' }];
    const diff = diffTranscripts(parent, fork);
    expect(diff.alignment.leftOffset).toBe(1);
    expect(diff.firstDivergence).toEqual({ round: 1, leftRound: 2, rightRound: 1, field: 'messages sent' });
  });

  it('pairs unrelated runs by index', () => {
    const left = load('demo-weather-clothing');
    const right = load('model-error');
    const diff = diffTranscripts(left, right);
    expect(diff.alignment).toMatchObject({ leftOffset: 0, rightOffset: 0 });
    expect(diff.rounds[0]).toMatchObject({ leftRound: 1, rightRound: 1 });
  });

  it("compares tokens, cost at each run's recorded price, model and tool time, and tool calls", () => {
    const left = load('demo-weather-clothing');
    const right = structuredClone(left);
    left.settings.price = { input: 3, output: 15 };
    right.settings.price = { input: 1, output: 5 };
    right.rounds[0]!.response!.usage = { inputTokens: 1_000_000, outputTokens: 0 };
    const diff = diffTranscripts(left, right);
    const [first] = diff.rounds;
    expect(first?.metrics.right).toMatchObject({ inputTokens: 1_000_000, costUsd: 1, toolCalls: 1 });
    expect(first?.metrics.left?.modelMs).toBe(left.rounds[0]!.response!.timing.durationMs);
    expect(first?.metrics.left?.toolMs).toBe(left.rounds[0]!.toolCalls[0]!.timing.durationMs);
    expect(diff.totals.left).toMatchObject({ rounds: 3, toolCalls: 2 });
    expect(diff.totals.right.inputTokens).toBe(
      1_000_000 + left.rounds.slice(1).reduce((sum, round) => sum + (round.response?.usage.inputTokens ?? 0), 0),
    );
    // Token counts never make a round differ.
    expect(diff.differingRounds).toEqual([]);
    const unpriced = diffTranscripts(load('demo-weather-clothing'), load('demo-weather-clothing'));
    expect(unpriced.totals.left.costUsd).toBeUndefined();
  });

  it('takes a recorded fork point over guessing, and clamps a hostile one', () => {
    const parent = load('demo-weather-clothing');
    expect(diffTranscripts(parent, parent, { leftOffset: 2 }).alignment.leftOffset).toBe(2);
    expect(diffTranscripts(parent, parent, { leftOffset: 99 }).alignment.leftOffset).toBe(2);
    expect(diffTranscripts(parent, parent, { leftOffset: -4 }).alignment.leftOffset).toBe(0);
  });
});
