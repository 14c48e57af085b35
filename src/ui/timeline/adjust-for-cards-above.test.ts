// The window follows a card's change of height only for cards ending above the reading line.
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { adjustForCardsAbove } from './adjust-for-cards-above';

const LINE = 100;
const adjust = adjustForCardsAbove(LINE);
const list = (offset: number, measured: number[], direction: 'forward' | 'backward' | null = null) =>
  ({
    scrollOffset: offset,
    itemSizeCache: new Map(measured.map((key) => [key, 300])),
    scrollDirection: direction,
  }) as unknown as Virtualizer<Window, Element>;
const card = (key: number, start: number, size = 240) =>
  ({ key, index: key, start, size, end: start + size, lane: 0 }) as VirtualItem;

describe('adjustForCardsAbove', () => {
  it('moves the window for a card ending above the reading line', () => {
    expect(adjust(card(1, 1000), 60, list(1240, []))).toBe(true);
    // Under the sticky header, above the line where a jump puts the next card.
    expect(adjust(card(1, 1000), 60, list(1240 - LINE, []))).toBe(true);
    expect(adjust(card(1, 1000), 60, list(1240, [1], 'forward'))).toBe(true);
  });

  it('leaves it for a card straddling the reading line, measured for the first time or again', () => {
    expect(adjust(card(1, 1000), 312, list(1100 - LINE, []))).toBe(false);
    expect(adjust(card(1, 1000), 312, list(1100 - LINE, [1]))).toBe(false);
  });

  it('leaves it for cards in or below the viewport', () => {
    expect(adjust(card(1, 1000), 60, list(900, []))).toBe(false);
  });

  it('leaves it for a card above measured again while the person scrolls up, not for its first measure', () => {
    expect(adjust(card(1, 1000), 60, list(1240, [1], 'backward'))).toBe(false);
    expect(adjust(card(1, 1000), 60, list(1240, [], 'backward'))).toBe(true);
  });
});
