// After a test run is opened (imported as the current run), its timeline renders on a later frame: go to the
// round once its card or the timeline that can scroll to it exists, for at most about a second.
import { jumpToRound } from '../layout/jump-to';

const MAX_FRAMES = 60;

export function jumpToRoundWhenShown(round: number, frame = 0): void {
  const shown =
    document.querySelector(`[data-round-card="${round}"]`) !== null ||
    document.querySelector('[aria-label="Timeline"] article') !== null;
  if (shown) return jumpToRound(round);
  if (frame < MAX_FRAMES) requestAnimationFrame(() => jumpToRoundWhenShown(round, frame + 1));
}
