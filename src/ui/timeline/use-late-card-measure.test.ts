// @vitest-environment happy-dom
// The cards a list turned virtual mounts are taken at their estimate until the overscan's commit is done.
import type { Virtualizer } from '@tanstack/react-virtual';
import { act, createElement, Fragment } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLateCardMeasure } from './use-late-card-measure';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ESTIMATE = 100;
/** A card's laid-out height, read by the virtualiser's own measure (offsetHeight). */
const REAL = 250;

/** What the virtualiser's measure reads of itself: its size cache, keys, and an element's index. */
const sizes = new Map<number, number>();
const list = {
  itemSizeCache: sizes,
  options: { getItemKey: (index: number) => index, horizontal: false },
  indexFromElement: (element: Element) => Number((element as HTMLElement).dataset.index),
} as unknown as Virtualizer<Window, HTMLDivElement>;

/** Card index → the size the measure gave when the card mounted. */
let measured = new Map<number, number>();

function Probe({ virtual, holding, cards }: { virtual: boolean; holding: boolean; cards: number[] }) {
  const measure = useLateCardMeasure(virtual, holding, ESTIMATE);
  return createElement(
    Fragment,
    null,
    cards.map((index) =>
      createElement('div', {
        key: index,
        'data-index': index,
        // A ref, as the virtualiser's measureElement is attached: at the commit that mounts the card.
        ref: (element: HTMLDivElement | null) => {
          if (element === null || measured.has(index)) return;
          Object.defineProperty(element, 'offsetHeight', { value: REAL });
          const size = measure(element, undefined, list);
          measured.set(index, size);
          if (size !== ESTIMATE) sizes.set(index, size);
        },
      }),
    ),
  );
}

let root: Root;
const commit = (virtual: boolean, holding: boolean, cards: number[]) =>
  act(() => root.render(createElement(Probe, { virtual, holding, cards })));
const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const sizesOf = (cards: number[]) => cards.map((index) => measured.get(index));

beforeEach(() => {
  measured = new Map();
  sizes.clear();
  root = createRoot(document.createElement('div'));
});
afterEach(() => act(() => root.unmount()));

describe('useLateCardMeasure', () => {
  it('measures a plain list’s cards at once', () => {
    commit(false, false, span(0, 2));
    expect(sizesOf(span(0, 2))).toEqual([REAL, REAL, REAL]);
  });

  it('takes the cards in view and then the overscan at their estimate; later cards are measured at once', () => {
    commit(false, false, [0]);
    // Turned virtual: a commit with no cards (the window's size not known yet), then the cards in view.
    commit(true, true, []);
    commit(true, true, span(10, 12));
    expect(sizesOf(span(10, 12))).toEqual([ESTIMATE, ESTIMATE, ESTIMATE]);
    // The frame after: the overscan, out of sight, also at its estimate (its ResizeObserver reports it later).
    commit(true, false, span(7, 15));
    expect(sizesOf([7, 8, 9, 13, 14, 15])).toEqual(Array(6).fill(ESTIMATE));
    // A scroll mounting a new card: measured in its commit, so it lands in place.
    commit(true, false, span(8, 16));
    expect(measured.get(16)).toBe(REAL);
  });

  it('is late again when the list turns plain and then virtual again', () => {
    commit(true, true, [1]);
    commit(true, false, [0, 1, 2]);
    commit(false, false, [0, 1, 2]);
    commit(true, true, [5]);
    expect(measured.get(5)).toBe(ESTIMATE);
  });
});
