// Run brings the run into view (issue 41: on a 390 px phone only the status line changed above the fold and the
// first round started ~1,250 px down). Only in the one-column layout (below Tailwind's lg, where the sidebar goes
// under the run); beside a sidebar the timeline follows the composer closely and nothing moves.
//
// The status is kept at the top while the run's panels mount under it, until the person scrolls, types or clicks:
// the browser's scroll anchoring may hold a node further down in place instead (the timeline), and the run
// actions growing above that node then pushed the status off the top.
import { RUN_STATUS_ID } from './run-status';

const INTENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let stopKeeping: (() => void) | undefined;

function isPlaced(status: HTMLElement): boolean {
  const top = status.getBoundingClientRect().top;
  return top >= 0 && top <= window.innerHeight * 0.4;
}

/** Scrolls the run status to the top of the viewport when it sits low on the screen or above it, and keeps it. */
export function revealRun(): void {
  stopKeeping?.();
  const status = document.getElementById(RUN_STATUS_ID);
  if (status === null || !window.matchMedia('(max-width: 1023.98px)').matches || isPlaced(status)) return;
  const place = () => {
    if (!isPlaced(status)) status.scrollIntoView({ block: 'start' });
  };
  place();
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(place);
  observer.observe(document.body);
  const stop = () => {
    observer.disconnect();
    for (const intent of INTENTS) window.removeEventListener(intent, stop, true);
    stopKeeping = undefined;
  };
  for (const intent of INTENTS) window.addEventListener(intent, stop, { capture: true, passive: true });
  stopKeeping = stop;
}
