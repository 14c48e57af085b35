// @vitest-environment happy-dom
// A round list turning virtual keeps the round in view where it was on the screen.
import { act, createElement, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubManualFrames } from '../../../test/support/manual-frames';
import type { RoundView } from '../../store/run-view';
import { findSwapAnchor, useSwapAnchor } from './use-swap-anchor';
import { useReactRoot } from '../../../test/support/react-root';

const ESTIMATE = 100;
const MARGIN = 50;
const roundsFrom = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ round: from + index }) as RoundView);
const whole = roundsFrom(1, 300);

/** Gives `element` a viewport rect `top`…`top + height`. */
function placeAt(element: Element, top: number, height: number) {
  element.getBoundingClientRect = () => ({ top, bottom: top + height }) as DOMRect;
}

let runFrame: () => void;
let offsets: number[];
const scrolls: { to?: number | undefined; by?: number | undefined }[] = [];

/** Cards at viewport tops `tops` (each 200 px high), rounds 291…300 of a plain list; `rounds` in this render. */
function Probe({ virtual, rounds, tops }: { virtual: boolean; rounds: readonly RoundView[]; tops: number[] }) {
  const listRef = useRef<HTMLDivElement>(null);
  const initialOffset = useSwapAnchor(listRef, virtual, rounds, ESTIMATE, MARGIN);
  offsets.push(initialOffset());
  return createElement(
    'div',
    { ref: listRef },
    virtual
      ? null
      : tops.map((top, index) =>
          createElement('div', {
            key: index,
            id: `round-${291 + index}`,
            ref: (element: HTMLDivElement | null) => {
              if (element !== null) placeAt(element, top, 200);
            },
          }),
        ),
  );
}

const render = (virtual: boolean, tops: number[]) =>
  act(() =>
    mounted.root.render(createElement(Probe, { virtual, rounds: virtual ? whole : roundsFrom(291, 300), tops })),
  );

const mounted = useReactRoot();

beforeEach(() => {
  offsets = [];
  scrolls.length = 0;
  ({ runFrame } = stubManualFrames());
  vi.stubGlobal('scrollTo', ({ top }: ScrollToOptions) => scrolls.push({ to: top }));
  vi.stubGlobal('scrollBy', ({ top }: ScrollToOptions) => scrolls.push({ by: top }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('findSwapAnchor', () => {
  it('takes the first card reaching below the viewport top, with its top', () => {
    const list = document.createElement('div');
    for (const [round, top] of [
      [5, -500],
      [6, -120],
      [7, 80],
    ] as const) {
      const card = document.createElement('div');
      card.id = `round-${round}`;
      placeAt(card, top, 200);
      list.append(card);
    }
    expect(findSwapAnchor(list, roundsFrom(1, 10))).toEqual({ round: 6, index: 5, top: -120 });
    expect(findSwapAnchor(list, roundsFrom(8, 10))).toBeNull();
  });
});

describe('useSwapAnchor', () => {
  it('starts the virtual list at the round that was in view and puts that card back where it was', () => {
    // Round 293 straddles the viewport top (its top 150 px above it).
    render(false, [-550, -350, -150, 50, 250]);
    render(true, []);
    // Round 293 is index 292 of the whole run: estimated at MARGIN + 292 × ESTIMATE in the document.
    expect(offsets.at(-1)).toBe(MARGIN + 292 * ESTIMATE + 150);
    expect(scrolls).toEqual([]);
    // The next frame moves the window there; the card, mounted by the virtualiser, is put back at -150.
    const card = document.createElement('div');
    card.id = 'round-293';
    placeAt(card, -110, 200);
    document.body.append(card);
    runFrame();
    expect(scrolls).toEqual([{ to: MARGIN + 292 * ESTIMATE + 150 }, { by: 40 }]);
    card.remove();
  });

  it('leaves the window alone when the list was not showing cards, or is virtual from the start', () => {
    vi.stubGlobal('scrollY', 1234);
    render(false, []);
    render(true, []);
    expect(offsets.at(-1)).toBe(1234);
    runFrame();
    expect(scrolls).toEqual([]);

    act(() => mounted.root.unmount());
    mounted.root = createRoot(mounted.container);
    render(true, []);
    expect(offsets.at(-1)).toBe(1234);
    runFrame();
    expect(scrolls).toEqual([]);
  });
});
