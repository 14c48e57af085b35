// The commit that turns the round list virtual mounts only the cards in view; the cards just outside it (the
// overscan, there so a scroll never shows a gap) follow a frame later.
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';

type Phase = 'plain' | 'in-view' | 'all';

export interface DeferredOverscan {
  /** The virtualiser's `rangeExtractor` for this render. */
  rangeExtractor: (range: Range) => number[];
  /** Whether this render holds the list to the cards in view (the overscan is still to come). */
  holding: boolean;
}

/**
 * The list's `rangeExtractor`. When the list turns virtual (an imported or restored run's whole log replacing its
 * last rounds, or a long run opened at once) its first commit with cards mounts those in view, and the frame
 * after it the overscan too: mounted together they were one task of rendering and layout of 50–60 ms (7 cards
 * at the run's first round), half of them out of sight. The virtualiser may learn the window's size one commit
 * after it turns on, so the overscan waits for a frame after cards were first given.
 */
export function useDeferredOverscan(virtual: boolean): DeferredOverscan {
  const [phase, setPhase] = useState<Phase>(virtual ? 'in-view' : 'plain');
  // Derived from `virtual` during render, so the first virtual commit is already held to the cards in view.
  if (virtual && phase === 'plain') setPhase('in-view');
  if (!virtual && phase !== 'plain') setPhase('plain');
  const gaveCards = useRef(false);
  const inView = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor({ ...range, overscan: 0 });
    if (indexes.length > 0) gaveCards.current = true;
    return indexes;
  }, []);
  // After each commit held to the view: once it gave cards, the overscan comes a frame later. (The virtualiser
  // renders again when it learns the window's size, so a commit without cards is followed by one with them.)
  useEffect(() => {
    if (phase !== 'in-view' || !gaveCards.current) return;
    const frame = requestAnimationFrame(() => setPhase((now) => (now === 'in-view' ? 'all' : now)));
    return () => cancelAnimationFrame(frame);
  });
  return phase === 'in-view'
    ? { rangeExtractor: inView, holding: true }
    : { rangeExtractor: defaultRangeExtractor, holding: false };
}
