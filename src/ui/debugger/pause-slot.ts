// Where a pause shows: in the card of the thing it holds (the round for a request or reply, the call for a tool).
import type { PausePoint } from '../../engine/debug/pause-point';

/** A place in the timeline a pause can show in; `page` is above the timeline, for a pause no card holds. */
export type PauseSlot = { round: number } | { callId: string } | 'page';

/** The call a pause holds, if it holds one. */
function callOf(point: PausePoint): string | undefined {
  return point.kind === 'before-tool' || point.kind === 'after-tool' ? point.callId : undefined;
}

/**
 * Whether `point` shows in `slot`: a round slot takes the round's request and reply pauses, a call slot its
 * call's pauses; the page slot takes a pause whose round or call has no card on the page (`shown` says which do).
 */
export function pauseShowsIn(
  point: PausePoint,
  slot: PauseSlot,
  shown: { rounds: readonly number[]; calls: readonly string[] },
): boolean {
  const callId = callOf(point);
  if (slot === 'page') {
    if (!shown.rounds.includes(point.round)) return true;
    return callId !== undefined && !shown.calls.includes(callId);
  }
  if ('callId' in slot) return slot.callId === callId;
  return slot.round === point.round && callId === undefined;
}

/** An MCP App's call is held after its run ended as well (the app stays live). */
export const isAppCallPause = (point: PausePoint): boolean =>
  (point.kind === 'before-tool' || point.kind === 'after-tool') && point.appOf !== undefined;
