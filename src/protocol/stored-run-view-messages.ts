// Protocol types for the view of a run the worker sends the page: a stored run it opens (`session-open` with a
// `viewId`) or a run it keeps (`run-view`). The page folds these into its timeline and never reads a log itself.
// Types only.
import type { RunEvent } from '../engine/event/run-event';

/**
 * `stored-run-view`: part of the log of run `runId`, posted while the worker answers the `session-open` or `run-view`
 * that named `viewId` (a page drops every part whose `viewId` is not the view it waits on: a stale stream).
 * All parts come before that command's reply, in this order:
 * - `tail` (`session-open` in mode `show` or `run-view` with `tailFirst`; a run of more than `LONG_RUN_ROUNDS`
 *   rounds only): its `run-start` and its last `TAIL_ROUNDS` rounds, sent before the rest (a stored run's read from
 *   the end of its log), so the newest rounds show at once;
 * - `log`: the whole log from position 0, in parts of at most `EVENTS_PER_READ` events, each starting at
 *   `from` (the position of `events[0]`), one after another with no gap.
 */
export type StoredRunViewMessage =
  | { type: 'stored-run-view'; viewId: string; runId: string; part: 'tail'; events: RunEvent[] }
  | { type: 'stored-run-view'; viewId: string; runId: string; part: 'log'; from: number; events: RunEvent[] };
