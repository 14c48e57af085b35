// @vitest-environment happy-dom
// The virtualiser's write to where the window already is, when it turns on, is skipped; every other write is made.
import type { Virtualizer } from '@tanstack/react-virtual';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { useMountScrollSkipped } from './use-mount-scroll-skipped';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The hook's function, from a mounted component (a hook needs one). */
function mountHook(): ReturnType<typeof useMountScrollSkipped> {
  let scrollToFn: ReturnType<typeof useMountScrollSkipped> | undefined;
  function Probe() {
    scrollToFn = useMountScrollSkipped();
    return null;
  }
  act(() => createRoot(document.createElement('div')).render(createElement(Probe)));
  return scrollToFn!;
}

/** A window virtualiser as the scroll function sees it: its last known offset and its window. */
function instance(scrollOffset: number) {
  const scrollTo = vi.fn();
  const virtualizer = { scrollOffset, scrollElement: { scrollTo }, options: { horizontal: false, isRtl: false } };
  return { scrollTo, virtualizer: virtualizer as unknown as Virtualizer<Window, Element> };
}

describe('useMountScrollSkipped', () => {
  it('skips the first write when it goes where the window is, and makes every write after it', () => {
    const scrollToFn = mountHook();
    const { scrollTo, virtualizer } = instance(1200);
    scrollToFn(1200, {}, virtualizer);
    expect(scrollTo).not.toHaveBeenCalled();
    scrollToFn(1200, {}, virtualizer);
    scrollToFn(4800, { adjustments: 20 }, virtualizer);
    expect(scrollTo.mock.calls).toEqual([[{ top: 1200 }], [{ top: 4820 }]]);
  });

  it('makes a first write that goes somewhere else, or smoothly', () => {
    const elsewhere = instance(1200);
    mountHook()(0, {}, elsewhere.virtualizer);
    expect(elsewhere.scrollTo.mock.calls).toEqual([[{ top: 0 }]]);
    const adjusted = instance(1200);
    mountHook()(1200, { adjustments: 40 }, adjusted.virtualizer);
    expect(adjusted.scrollTo.mock.calls).toEqual([[{ top: 1240 }]]);
    const smooth = instance(1200);
    mountHook()(1200, { behavior: 'smooth' }, smooth.virtualizer);
    expect(smooth.scrollTo.mock.calls).toEqual([[{ top: 1200, behavior: 'smooth' }]]);
  });
});
