// Jumps from the outline to a card in the timeline: scrolls it into view and moves the focus there.

/** Focuses `element` (made focusable by script if it is not) after scrolling it into view. */
function focusHere(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
}

/** The card of round `round` in the timeline, focused; false when it is not on the page. */
export function jumpToRound(round: number): boolean {
  const card = document.querySelector<HTMLElement>(`[data-round-card="${round}"]`);
  if (card === null) return false;
  focusHere(card);
  return true;
}

/** The card of the call `callId`, focused; false when it is not on the page. */
export function jumpToCall(callId: string): boolean {
  const card = document.querySelector<HTMLElement>(`[data-call-id="${CSS.escape(callId)}"]`);
  if (card === null) return false;
  focusHere(card);
  return true;
}
