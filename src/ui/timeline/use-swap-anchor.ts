// A round list that turns virtual with cards on the page (an imported or restored run's last rounds swapped for
// the whole run, a live run passing VIRTUAL_FROM rounds) keeps the round the person was looking at where it was
// on the screen. Left to itself the virtualiser starts where the window is and places its cards by their
// estimated heights: the page showed other rounds (after an import, round 1 where the last ones had been).
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { RoundView } from '../../store/run-view';

/** The card the view is kept on: its round, that round's index in the new list, its top in the viewport. */
export interface SwapAnchor {
  round: number;
  index: number;
  top: number;
}

/** The first card of the plain list `list` (children with ids `round-<n>`) that reaches below the viewport's top. */
export function findSwapAnchor(list: HTMLElement, rounds: readonly RoundView[]): SwapAnchor | null {
  for (const card of list.children) {
    const rect = card.getBoundingClientRect();
    if (rect.bottom <= 0) continue;
    const round = Number(/^round-(\d+)$/.exec(card.id)?.[1]);
    const index = rounds.findIndex((candidate) => candidate.round === round);
    return index < 0 ? null : { round, index, top: rect.top };
  }
  return null;
}

/**
 * The virtualiser's `initialOffset` for the list in `listRef` (`virtual`: whether it is virtual in this render):
 * when the list turns virtual with cards mounted, the window offset that puts the card in view at its estimated
 * place. The window is moved there in the next frame, before its layout (moving it inside the commit forced a
 * layout of the whole changed page there), and the card is then put exactly in place (at the top, or back where
 * it was): the list's top may have moved (the navigator appears above it) and the cards before it are estimates.
 */
export function useSwapAnchor(
  listRef: RefObject<HTMLElement | null>,
  virtual: boolean,
  rounds: readonly RoundView[],
  estimatePx: number,
  scrollMargin: number,
): () => number {
  const wasVirtual = useRef(virtual);
  const anchor = useRef<{ at: SwapAnchor; offset: number } | null>(null);
  // Read in the render that turns the list virtual, while the plain list's cards are still the page's: the
  // virtualiser takes its first offset in this render. (Read again, the same page gives the same anchor.)
  if (virtual && !wasVirtual.current && listRef.current !== null) {
    const at = findSwapAnchor(listRef.current, rounds);
    // A card reaching above the viewport's top (the person scrolled into the list) keeps its place; one below
    // it (the page's top, above the list, in view) goes to the top: what was above the list cannot stay beside
    // it, as the rounds before it now come between.
    anchor.current =
      at === null ? null : { at, offset: Math.max(0, scrollMargin + at.index * estimatePx - Math.min(at.top, 0)) };
  }
  useLayoutEffect(() => {
    wasVirtual.current = virtual;
    const kept = anchor.current;
    if (kept === null) return;
    const frame = requestAnimationFrame(() => {
      anchor.current = null;
      window.scrollTo({ top: kept.offset, behavior: 'instant' });
      const card = document.getElementById(`round-${kept.at.round}`);
      if (card === null) return;
      // Cards above it, measured later, are made up for by the virtualiser (it moves the window by their change).
      if (kept.at.top > 0) card.scrollIntoView({ block: 'start', behavior: 'instant' });
      else window.scrollBy({ top: card.getBoundingClientRect().top - kept.at.top, behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [virtual]);
  return () => anchor.current?.offset ?? window.scrollY;
}
