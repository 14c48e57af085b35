// @vitest-environment happy-dom
// A long list is mounted a slice per frame; a short one, or one that grows from nothing, is never held back.
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubManualFrames } from '../../../test/support/manual-frames';
import { useProgressiveCount } from './use-progressive-count';
import { useReactRoot } from '../../../test/support/react-root';

// Frames run only when the test says so.
let runFrame: () => void;
let pendingFrames: () => number;

function Probe({ total }: { total: number }) {
  return createElement('output', null, String(useProgressiveCount(total, 2, 3)));
}

const shown = () => Number(mounted.container.textContent);
const render = (total: number) => act(() => mounted.root.render(createElement(Probe, { total })));

const mounted = useReactRoot();

beforeEach(() => {
  ({ runFrame, pending: pendingFrames } = stubManualFrames());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useProgressiveCount', () => {
  it('mounts a long list a slice per frame until all are there', () => {
    render(10);
    expect(shown()).toBe(2);
    runFrame();
    expect(shown()).toBe(5);
    runFrame();
    expect(shown()).toBe(8);
    runFrame();
    expect(shown()).toBe(10);
    expect(pendingFrames()).toBe(0);
  });

  it('shows a short list whole at once and asks for no frame', () => {
    render(2);
    expect(shown()).toBe(2);
    expect(pendingFrames()).toBe(0);
  });

  it('follows a list that grows from nothing (a live run) in the same render', () => {
    render(0);
    for (const total of [1, 2, 3, 7, 20]) {
      render(total);
      expect(shown()).toBe(total);
    }
    expect(pendingFrames()).toBe(0);
  });

  it('once caught up, follows later growth at once', () => {
    render(4);
    runFrame();
    expect(shown()).toBe(4);
    render(30);
    expect(shown()).toBe(30);
  });

  it('never shows more than the list holds when it shrinks while slicing', () => {
    render(10);
    render(1);
    expect(shown()).toBe(1);
    render(10);
    expect(shown()).toBe(10);
  });
});
