// The commit that turns the round list virtual (an import's or restore's whole run replacing its last rounds,
// or a long run opened at once) measures its new cards late: taken at their estimate, each card's
// ResizeObserver gives its real size after the frame's own layout. Read at once, as the virtualiser does, each
// card forced a layout into the commit that also unmounts the old cards (one task of 50–90 ms). Late too in the
// commit that lets the overscan in a frame later (use-deferred-overscan.ts): read at once, those cards forced
// their layout into it (half of that commit's task at 2,000 rounds); out of sight, a frame at their estimate
// does not show.
import { measureElement, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useInsertionEffect, useLayoutEffect, useRef } from 'react';

/**
 * The list's `measureElement` option; `virtual`: whether the list is virtual in this render; `holding`: whether
 * this render holds the list to the cards in view (useDeferredOverscan).
 */
export function useLateCardMeasure(virtual: boolean, holding: boolean, estimatePx: number) {
  const late = useRef(false);
  const wasVirtual = useRef(false);
  // Cards taken at their estimate in this commit.
  const estimated = useRef(0);
  // Insertion effects run before the commit's refs attach (and measure); layout effects after. The virtualiser
  // may learn the window's size in one commit and mount the cards in the next: late until a commit not held to
  // the view (the overscan's) has mounted cards.
  useInsertionEffect(() => {
    if (virtual && !wasVirtual.current) late.current = true;
    wasVirtual.current = virtual;
  });
  useLayoutEffect(() => {
    if (estimated.current === 0 || holding) return;
    late.current = false;
    estimated.current = 0;
  });
  return useCallback(
    (element: HTMLDivElement, entry: ResizeObserverEntry | undefined, list: Virtualizer<Window, HTMLDivElement>) => {
      const measured = () => list.itemSizeCache.has(list.options.getItemKey(list.indexFromElement(element)));
      if (entry !== undefined || !late.current || measured()) return measureElement(element, entry, list);
      estimated.current += 1;
      return estimatePx;
    },
    [estimatePx],
  );
}
