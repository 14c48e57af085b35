import { describe, expect, it } from 'vitest';
import type { RoundView, ToolCallView } from '../../store/run-view';
import { firstErrorRound, indexOfRound, roundText, searchRounds } from './find-rounds';

const call = (name: string, patch: Partial<ToolCallView> = {}): ToolCallView => ({
  callId: `c-${name}`,
  name,
  status: 'ok',
  partialJson: '',
  isError: false,
  content: [],
  ...patch,
});
const round = (n: number, text: string, calls: ToolCallView[] = []): RoundView => ({
  round: n,
  blocks: [{ kind: 'text', index: 0, text }],
  interrupted: false,
  toolCalls: calls,
});

const rounds = [
  round(1, 'Looking up the weather', [call('weather_get', { input: { city: 'Rome' } })]),
  round(2, 'Now the clothes', [
    call('clothing_advise', {
      status: 'tool-error',
      isError: true,
      content: [{ type: 'text', text: 'Boom: no stock' }],
    }),
  ]),
  round(3, 'Done: WEAR a jacket'),
];

describe('searchRounds', () => {
  it('finds rounds by reply text, tool name, input and result, ignoring case', () => {
    expect(searchRounds(rounds, 'wear')).toEqual([2]);
    expect(searchRounds(rounds, 'weather_GET')).toEqual([0]);
    expect(searchRounds(rounds, '"city":"rome"')).toEqual([0]);
    expect(searchRounds(rounds, 'no stock')).toEqual([1]);
    expect(searchRounds(rounds, 'the')).toEqual([0, 1]);
  });

  it('matches nothing for a blank query or text no round has', () => {
    expect(searchRounds(rounds, '   ')).toEqual([]);
    expect(searchRounds(rounds, 'zebra')).toEqual([]);
  });

  it('treats the query as plain text, never as a pattern', () => {
    expect(searchRounds([round(1, 'a+b (c)')], 'a+b (c)')).toEqual([0]);
    expect(searchRounds([round(1, 'abc')], '.*')).toEqual([]);
  });

  it('bounds the text searched in one round', () => {
    const huge = round(1, 'x'.repeat(1_000_000) + 'needle');
    expect(roundText(huge).length).toBeLessThanOrEqual(200_000);
    expect(searchRounds([huge], 'needle')).toEqual([]);
  });
});

describe('firstErrorRound and indexOfRound', () => {
  it('finds the first round with a failed call or an error ending', () => {
    expect(firstErrorRound(rounds)).toBe(1);
    expect(firstErrorRound([round(1, 'fine'), { ...round(2, 'cut'), endedWith: 'error' }])).toBe(1);
    expect(firstErrorRound([round(1, 'fine')])).toBe(-1);
    // Stopped by the person or a budget: not an error of the tool.
    const stopped = call('slow', { status: 'cancelled', isError: true });
    const skipped = call('late', { status: 'not-executed', isError: true });
    expect(firstErrorRound([round(1, 'stopped', [stopped, skipped])])).toBe(-1);
    expect(firstErrorRound([round(1, 'a'), round(2, 'b', [call('slow', { status: 'timeout', isError: true })])])).toBe(
      1,
    );
  });

  it('maps a round number to its index, refusing what no round has', () => {
    expect(indexOfRound(rounds, 3)).toBe(2);
    expect(indexOfRound(rounds, 0)).toBe(-1);
    expect(indexOfRound(rounds, 4)).toBe(-1);
    expect(indexOfRound(rounds, 1.5)).toBe(-1);
    expect(indexOfRound([round(5, 'late'), round(7, 'later')], 7)).toBe(1);
  });
});

describe('searchRounds with a fork offset', () => {
  it('finds a round by the number its card shows', () => {
    const rounds = [{ round: 1, blocks: [], toolCalls: [], notices: [] }] as unknown as RoundView[];
    expect(searchRounds(rounds, 'Round 5', 4)).toEqual([0]);
    expect(searchRounds(rounds, 'Round 1', 4)).toEqual([]);
  });
});
