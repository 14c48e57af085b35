import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import type { Transcript } from '../engine/transcript/transcript';
import { transcriptToEvents } from '../engine/transcript/transcript-to-events';
import { applyRunEvent } from './apply-run-event';
import { foldRunEvents, viewOfEvents } from './fold-run-events';
import { initialRunView } from './run-view';
import { findRoundIndex } from './update-run-view';

const fixtures = ['demo-weather-clothing', 'tool-error-and-limit', 'interrupted-mid-run', 'stopped-by-person'];
const eventsOf = (name: string): RunEvent[] =>
  transcriptToEvents(JSON.parse(readFileSync(`test/fixtures/transcripts/v1/${name}.json`, 'utf8')) as Transcript);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('foldRunEvents', () => {
  it.each(fixtures)('gives the same view as folding event by event (%s)', (name) => {
    const events = eventsOf(name);
    expect(viewOfEvents(events)).toEqual(events.reduce(applyRunEvent, { ...initialRunView }));
  });

  it('never writes into the view it starts from, and shares the rounds the batch leaves alone', () => {
    const events = eventsOf('demo-weather-clothing');
    const cut = events.findIndex((event) => event.type === 'round-start' && event.round === 3);
    // Frozen: any write into the earlier view (its rounds array or a round) throws.
    const before = deepFreeze(viewOfEvents(events.slice(0, cut)));
    const after = foldRunEvents(before, events.slice(cut));
    expect(after).toEqual(events.reduce(applyRunEvent, { ...initialRunView }));
    expect(after.rounds).not.toBe(before.rounds);
    expect(before.rounds).toHaveLength(2);
    const settled = after.rounds.slice(0, 2).map((round, index) => round === before.rounds[index]);
    // run-end settles every round again; the ones it does not change stay the same objects.
    expect(settled).toEqual([true, true]);
  });

  it('folds rounds that arrive out of order into round order', () => {
    const at = 1;
    const request = { model: 'm', system: undefined, messageCount: 1, toolNames: [] };
    const start = (round: number) => ({ type: 'round-start', round, at, request }) as unknown as RunEvent;
    const view = foldRunEvents({ ...initialRunView }, [start(3), start(1), start(2), start(5)]);
    expect(view.rounds.map((round) => round.round)).toEqual([1, 2, 3, 5]);
    expect(findRoundIndex(view.rounds, 5)).toBe(3);
    expect(findRoundIndex(view.rounds, 4)).toBe(-1);
    expect(findRoundIndex(view.rounds, 1)).toBe(0);
  });

  it('returns the same view for no events', () => {
    const view = viewOfEvents(eventsOf('demo-weather-clothing'));
    expect(foldRunEvents(view, [])).toBe(view);
  });
});
