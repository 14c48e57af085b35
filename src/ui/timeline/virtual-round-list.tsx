// Long timelines stay cheap: past VIRTUAL_FROM rounds only the cards near the viewport are mounted (a window
// virtualiser measures each card as it renders), and the navigator reaches any round without mounting the rest.
// Loaded as its own chunk right after the first paint (virtual-rounds.tsx).
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useInsertionEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RoundView } from '../../store/run-view';
import { useProgressiveCount } from '../common/use-progressive-count';
import { JUMP_TO_ROUND_EVENT } from '../layout/jump-to';
import { adjustOnlyForCardsAbove } from './adjust-for-cards-above';
import { RoundNavigator } from './round-navigator';
import { Round } from './round';
import { useDeferredOverscan } from './use-deferred-overscan';
import { useLateCardMeasure } from './use-late-card-measure';
import { useMountScrollSkipped } from './use-mount-scroll-skipped';
import { useRoundOffset } from './use-round-offset';
import { useSwapAnchor } from './use-swap-anchor';
import { VIRTUAL_FROM } from './virtual-from';
/** A card's height before it is measured (a typical round with a call or two). */
const ESTIMATED_CARD_PX = 240;
/** Where a jump puts a card: below the sticky header, with room (the round card's own scroll-mt-28). */
const CARD_SCROLL_MARGIN_PX = 112;

/** Distance from the top of the document to `element` (the virtualiser's scroll margin). */
function documentTop(element: HTMLElement): number {
  return element.getBoundingClientRect().top + window.scrollY;
}

/**
 * Follows where the list starts in the page: what is above it (composer, alerts, panels) changes height.
 * Measured at once only when `virtual` (the margin places the cards); a plain list (every new run starts as
 * one, mounted by the Run click) waits for the observer's first report, which comes after the frame's own
 * layout: measuring in the layout effect forced a second, synchronous layout into the click's task.
 */
function useDocumentTop(ref: React.RefObject<HTMLDivElement | null>, virtual: boolean): number {
  const [top, setTop] = useState(0);
  // Only at mount: once mounted, the observer reports every change of the page's height.
  const [measureAtMount] = useState(virtual);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    // The page grows with every flush of a streamed reply and the observer reports each time: an unchanged
    // top is not set again (setting it, even to the same value, cost the list a render of its own per flush).
    let last: number | undefined;
    const measure = () => {
      const next = Math.round(documentTop(element));
      if (next === last) return;
      last = next;
      setTop(next);
    };
    if (measureAtMount) measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref, measureAtMount]);
  return top;
}

/** Frames a jump keeps its round at the top while the cards around it are measured. */
const SETTLE_FRAMES = 8;

/**
 * The rounds of one run. Keyed by run in the parent, so a new run starts at its first round. Cards keep
 * their key (the round number) whether the list is virtual or not, so crossing VIRTUAL_FROM while a run
 * goes on does not remount them.
 */
export function VirtualRoundList({ rounds }: { rounds: readonly RoundView[] }) {
  const offset = useRoundOffset();
  const listRef = useRef<HTMLDivElement>(null);
  const virtual = rounds.length > VIRTUAL_FROM;
  // An imported or restored run's cards arrive all at once: a plain list mounts them a slice per frame.
  const mounted = useProgressiveCount(virtual ? 0 : rounds.length);
  const scrollMargin = useDocumentTop(listRef, virtual);
  const { rangeExtractor, holding } = useDeferredOverscan(virtual);
  const measureCard = useLateCardMeasure(virtual, holding, ESTIMATED_CARD_PX);
  const scrollToFn = useMountScrollSkipped<HTMLDivElement>();
  const initialOffset = useSwapAnchor(listRef, virtual, rounds, ESTIMATED_CARD_PX, scrollMargin);
  const virtualizer = useWindowVirtualizer({
    count: rounds.length,
    enabled: virtual,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: 3,
    scrollMargin,
    getItemKey: (index) => rounds[index]?.round ?? index,
    measureElement: measureCard,
    scrollToFn,
    initialOffset,
    rangeExtractor,
    // React 19 warns about flushSync during render; a frame's delay while scrolling is not visible.
    useFlushSync: false,
  });
  // Before the commit's refs attach: the cards measure there.
  useInsertionEffect(() => adjustOnlyForCardsAbove(virtualizer, CARD_SCROLL_MARGIN_PX), [virtualizer]);
  // The round a jump went to: focused once its card is mounted, so keyboard and screen reader users land there.
  const target = useRef<number | null>(null);
  const jumpTo = useCallback(
    (index: number) => {
      const round = rounds[index];
      if (round === undefined) return;
      target.current = round.round;
      if (virtual) virtualizer.scrollToIndex(index, { align: 'start' });
      else document.getElementById(`round-${round.round}`)?.scrollIntoView({ block: 'start' });
    },
    [rounds, virtual, virtualizer],
  );
  // The outline asks for rounds whose cards are not mounted.
  useEffect(() => {
    const onJump = (event: Event) => {
      const round = (event as CustomEvent<{ round?: unknown } | null>).detail?.round;
      const index = rounds.findIndex((candidate) => candidate.round === round);
      if (index >= 0) jumpTo(index);
    };
    window.addEventListener(JUMP_TO_ROUND_EVENT, onJump);
    return () => window.removeEventListener(JUMP_TO_ROUND_EVENT, onJump);
  }, [rounds, jumpTo]);
  const items = virtual ? virtualizer.getVirtualItems() : [];
  useEffect(() => {
    if (target.current === null) return;
    const element = document.getElementById(`round-${target.current}`);
    if (element === null) return;
    const round = target.current;
    target.current = null;
    element.focus({ preventScroll: true });
    // The virtualiser scrolled by estimated heights: as the cards around the target are measured, the target
    // moves. Bring it back to the top for a few frames, until the measuring around it has settled.
    // The person's own scrolling (wheel, touch, keys, a pointer) ends it at once: the jump never fights them.
    let frames = 0;
    let cancelled = false;
    const intents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const cancel = () => {
      cancelled = true;
      for (const type of intents) window.removeEventListener(type, cancel);
    };
    for (const type of intents) window.addEventListener(type, cancel, { passive: true });
    const settle = () => {
      if (cancelled) return;
      document.getElementById(`round-${round}`)?.scrollIntoView({ block: 'start' });
      frames += 1;
      if (frames < SETTLE_FRAMES) requestAnimationFrame(settle);
      else cancel();
    };
    settle();
  });

  return (
    <>
      {virtual && <RoundNavigator rounds={rounds} onJump={jumpTo} offset={offset} />}
      <div
        ref={listRef}
        className={virtual ? 'relative' : 'space-y-3'}
        style={virtual ? { height: virtualizer.getTotalSize() } : undefined}
      >
        {virtual
          ? items.map((item) => {
              const round = rounds[item.index];
              if (round === undefined) return null;
              return (
                <div
                  key={item.key}
                  id={`round-${round.round}`}
                  tabIndex={-1}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute top-0 left-0 w-full pb-3 focus-visible:outline-none"
                  style={{
                    transform: `translateY(${item.start - scrollMargin}px)`,
                    scrollMarginTop: CARD_SCROLL_MARGIN_PX,
                  }}
                >
                  <Round round={round} />
                </div>
              );
            })
          : rounds.slice(0, mounted).map((round) => (
              <div
                key={round.round}
                id={`round-${round.round}`}
                tabIndex={-1}
                className="focus-visible:outline-none"
                style={{ scrollMarginTop: CARD_SCROLL_MARGIN_PX }}
              >
                <Round round={round} />
              </div>
            ))}
      </div>
    </>
  );
}
