// A stored run's view a part at a time, with turns for the page, so a long log is never one long task.
import type { RunEvent } from '../../engine/event/run-event';
import { foldRunEvents } from '../fold-run-events';
import { EVENTS_PER_READ } from '../../protocol/session-messages';
import { initialRunView, type RunView } from '../run-view';

/** The Prioritized Task Scheduling API (`yield`: Chromium 129+, `postTask`: 94+), where the page has it. */
const pageScheduler = () =>
  (
    globalThis as {
      scheduler?: {
        yield?: () => Promise<void>;
        postTask?: (task: () => void, options: { priority: 'background' }) => Promise<void>;
      };
    }
  ).scheduler;

/** Where the page has no scheduler: a timer's turn. */
const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Gives the page its turn between parts (input, paint), so a long load never holds it. `scheduler.yield`
 * resumes ahead of other queued work (no 4 ms clamp of nested timers); elsewhere a timer.
 */
export const yieldToPage = (): Promise<void> => {
  const scheduler = pageScheduler();
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : nextTask();
};

/**
 * A turn that comes only once the page has nothing more urgent to do — frames, input, React's rendering: for
 * work no one is looking at yet (the earlier rounds of an import whose last rounds are on screen), so it never
 * delays a frame of what is. Elsewhere a timer.
 */
export const yieldInBackground = (): Promise<void> => {
  const scheduler = pageScheduler();
  return typeof scheduler?.postTask === 'function'
    ? scheduler.postTask(() => undefined, { priority: 'background' })
    : nextTask();
};

/** Events folded between looks at the clock. */
const FOLD_SLICE = 100;
/** Main-thread time a fold may take before the page gets its turn: well under a 50 ms long task. */
const FOLD_BUDGET_MS = 12;

/**
 * The view of `events` folded onto `base` a slice at a time, with a turn for the page whenever a slice
 * has used up `FOLD_BUDGET_MS` (so big events, or a slow machine, make more turns, never a long task).
 */
export async function foldInParts(events: readonly RunEvent[], base: RunView = initialRunView): Promise<RunView> {
  let view = { ...base };
  let since = performance.now();
  for (let from = 0; from < events.length; from += FOLD_SLICE) {
    if (from > 0 && performance.now() - since > FOLD_BUDGET_MS) {
      await yieldToPage();
      since = performance.now();
    }
    view = foldRunEvents(view, events.slice(from, from + FOLD_SLICE));
  }
  return view;
}

/**
 * The view of `events` folded a part of `EVENTS_PER_READ` at a time, with `pause` after each part: for a run whose
 * tail is on screen, the rest folded in the page's idle turns (`yieldInBackground`), never ahead of its frames.
 */
export async function foldPartByPart(events: readonly RunEvent[], pause: () => Promise<void>): Promise<RunView> {
  let view = { ...initialRunView };
  for (let from = 0; from < events.length; from += EVENTS_PER_READ) {
    view = foldRunEvents(view, events.slice(from, from + EVENTS_PER_READ));
    await pause();
  }
  return view;
}
