// Jumps from the outline to a card in the timeline: scrolls it into view and moves the focus there.

/**
 * Asked on the window when the card is not mounted (a long, virtualised timeline): the timeline's list
 * (`virtual-rounds.tsx`) scrolls to that round and focuses it. `detail` is `{ round }`.
 */
export const JUMP_TO_ROUND_EVENT = 'loupe:jump-to-round';

function requestRound(round: number): void {
  window.dispatchEvent(new CustomEvent(JUMP_TO_ROUND_EVENT, { detail: { round } }));
}

/** Focuses `element` (made focusable by script if it is not) after scrolling it into view. */
function focusHere(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
}

/** The card of round `round` in the timeline, focused; not mounted, the timeline is asked to go there. */
export function jumpToRound(round: number): void {
  const card = document.querySelector<HTMLElement>(`[data-round-card="${round}"]`);
  if (card === null) requestRound(round);
  else focusHere(card);
}

/** The card of the call `callId`, focused; not mounted, its round `round` is gone to instead. */
export function jumpToCall(callId: string, round: number): void {
  const card = document.querySelector<HTMLElement>(`[data-call-id="${CSS.escape(callId)}"]`);
  if (card === null) requestRound(round);
  else focusHere(card);
}
