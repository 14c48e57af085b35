// When a card's measured height differs from what the virtualiser had for it, the window moves by the
// difference only if the card ends above the reading line (the viewport's top less what the sticky header
// covers: where a jump puts a card). The virtualiser's default also moves it for a card's first measure when the
// card straddles the viewport's top: but its top stays where it was placed and it grows below the line being
// read, so that move dragged the round in view up by the difference (a list turning virtual while the person
// is inside a card, use-swap-anchor.ts: 312 px there, a whole screen's worth at times).
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';

/** The list's `shouldAdjustScrollPositionOnItemSizeChange` for a reading line `linePx` below the window's top. */
export function adjustForCardsAbove(linePx: number) {
  return <Item extends Element>(item: VirtualItem, _delta: number, list: Virtualizer<Window, Item>): boolean => {
    if (item.end > (list.scrollOffset ?? 0) + linePx) return false;
    // As the default: a card measured again while the person scrolls up is left alone (no jumps as they go).
    return !list.itemSizeCache.has(item.key) || list.scrollDirection !== 'backward';
  };
}

/** Puts `adjustForCardsAbove(linePx)` on `list` (an instance property, not an option). */
export function adjustOnlyForCardsAbove<Item extends Element>(list: Virtualizer<Window, Item>, linePx: number): void {
  list.shouldAdjustScrollPositionOnItemSizeChange = adjustForCardsAbove(linePx);
}
