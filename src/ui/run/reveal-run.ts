// Run brings the run into view (issue 41: on a 390 px phone only the status line changed above the fold and the
// first round started ~1,250 px down). Only in the one-column layout (below Tailwind's lg, where the sidebar goes
// under the run); beside a sidebar the timeline follows the composer closely and nothing moves.
import { RUN_STATUS_ID } from './run-status';

/** Scrolls the run status to the top of the viewport when it sits low on the screen or below it. */
export function revealRun(): void {
  const status = document.getElementById(RUN_STATUS_ID);
  if (status === null || !window.matchMedia('(max-width: 1023.98px)').matches) return;
  const top = status.getBoundingClientRect().top;
  if (top > window.innerHeight * 0.4 || top < 0) status.scrollIntoView({ block: 'start' });
}
