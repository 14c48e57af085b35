import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, diffTranscripts } from './diff-transcripts';
import type { Transcript } from './transcript';

const load = (name: string): Transcript =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/transcripts/v1/${name}.json`, import.meta.url), 'utf8'),
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
