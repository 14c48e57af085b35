// The window virtualiser's scroll writes, less the one it makes when it turns on, which goes nowhere.
import { windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';

type ScrollToFn<Item extends Element> = (
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Item>,
) => void;

/**
 * The virtualiser's window scroll, without its first write when that write puts the window at the offset the
 * virtualiser started from (its `initialOffset`). It makes that write when it turns on (the commit that swaps an
 * imported or restored run's last rounds for the whole run): the window is already there, or useSwapAnchor moves
 * it there in the next frame, before that frame's layout. Made inside the commit, even a scroll to the same
 * place forced a layout of the whole changed page there (a quarter of its task at 2,000 rounds). Any later
 * write (a jump, a correction) goes through.
 */
export function useMountScrollSkipped<Item extends Element = Element>(): ScrollToFn<Item> {
  const first = useRef(true);
  return useCallback((offset, options, instance) => {
    const isFirst = first.current;
    first.current = false;
    if (isFirst && options.behavior === undefined && offset + (options.adjustments ?? 0) === instance.scrollOffset)
      return;
    windowScroll(offset, options, instance);
  }, []);
}
