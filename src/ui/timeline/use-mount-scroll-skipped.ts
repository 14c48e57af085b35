// The window virtualiser's scroll writes, less the one it makes when it turns on, which goes nowhere.
import { windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef } from 'react';

type ScrollToFn<Item extends Element> = (
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Item>,
) => void;

/**
 * The virtualiser's window scroll, without its first write when that write puts the window where the virtualiser
 * read it to be. It makes that write when it turns on (the commit that swaps an imported or restored run's last
 * rounds for the whole run): a scroll to the same place, which changes nothing and fires no scroll event, but
 * forced a layout of the whole changed page inside that commit (a quarter of its task at 2,000 rounds). The
 * frame's own layout follows anyway; any later write (a jump, a correction) goes through.
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
