// A virtualiser's scroll box, measured without forcing a layout: the library reads the box's size at once when
// it starts, in the commit that mounts it, which forced the page's whole pending layout into that task (40 ms
// when a long run's outline mounted). The ResizeObserver's first report, after the frame's own layout, gives
// the size instead; until then the list uses its `initialRect`.
import type { Virtualizer } from '@tanstack/react-virtual';

/** For `observeElementRect`: reports the scroll box's client size from its ResizeObserver only. */
export function observeBoxAfterLayout<Box extends HTMLElement, Item extends Element>(
  instance: Virtualizer<Box, Item>,
  report: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (element === null || typeof ResizeObserver === 'undefined') return undefined;
  // Read in the observer's callback, when layout is clean: no forced layout.
  const observer = new ResizeObserver(() => report({ width: element.clientWidth, height: element.clientHeight }));
  observer.observe(element);
  return () => observer.disconnect();
}
