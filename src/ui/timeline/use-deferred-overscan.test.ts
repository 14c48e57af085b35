// @vitest-environment happy-dom
// The commit that turns the round list virtual mounts the cards in view; the overscan follows a frame later.
import type { Range } from '@tanstack/react-virtual';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubManualFrames } from '../../../test/support/manual-frames';
import { useDeferredOverscan } from './use-deferred-overscan';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Frames run only when the test says so.
let runFrame: () => void;
let pendingFrames: () => number;

/** Rounds 10…12 in view of 100, with an overscan of 3. */
const inView: Range = { startIndex: 10, endIndex: 12, overscan: 3, count: 100 };
/** The virtualiser before it knows the window's size: nothing in view. */
const unsized: Range = { startIndex: 0, endIndex: -1, overscan: 3, count: 100 };

// What the extractor gives for `range` in each render, as the virtualiser would ask it.
let given: number[][] = [];
let held: boolean[] = [];
let range = inView;
function Probe({ virtual }: { virtual: boolean }) {
  const { rangeExtractor, holding } = useDeferredOverscan(virtual);
  given.push(rangeExtractor(range));
  held.push(holding);
  return null;
}

let root: Root;
const render = (virtual: boolean) => act(() => root.render(createElement(Probe, { virtual })));
const last = () => given.at(-1);
const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

beforeEach(() => {
  given = [];
  held = [];
  range = inView;
  ({ runFrame, pending: pendingFrames } = stubManualFrames());
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

describe('useDeferredOverscan', () => {
  it('gives the cards in view when the list turns virtual, and the overscan with them a frame later', () => {
    render(false);
    expect(last()).toEqual(span(7, 15));
    render(true);
    expect(last()).toEqual(span(10, 12));
    expect(held.at(-1)).toBe(true);
    runFrame();
    expect(last()).toEqual(span(7, 15));
    expect(held.at(-1)).toBe(false);
    expect(pendingFrames()).toBe(0);
  });

  it('holds the overscan back when mounted virtual too', () => {
    render(true);
    expect(last()).toEqual(span(10, 12));
    runFrame();
    expect(last()).toEqual(span(7, 15));
  });

  it('waits for a render that gave cards before it lets the overscan in', () => {
    range = unsized;
    render(true);
    expect(last()).toEqual([]);
    runFrame();
    runFrame();
    range = inView;
    render(true);
    expect(last()).toEqual(span(10, 12));
    runFrame();
    expect(last()).toEqual(span(7, 15));
  });

  it('holds it back again when the list turns plain and then virtual again', () => {
    render(true);
    runFrame();
    render(false);
    render(true);
    expect(last()).toEqual(span(10, 12));
    runFrame();
    expect(last()).toEqual(span(7, 15));
  });
});
