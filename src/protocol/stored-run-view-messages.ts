// Protocol types for the view of a stored run the worker sends the page when it opens it (`session-open` with a
// `viewId`): the page folds these into its timeline and never reads the log itself. Types only.
import type { RunEvent } from '../engine/event/run-event';

/**
 * `stored-run-view`: part of the stored log of run `runId`, posted while the worker answers the `session-open`
 * that named `viewId` (a page drops every part whose `viewId` is not the open it waits on: a stale stream).
 * All parts come before that command's reply, in this order:
 * - `tail` (mode `show`, a run of more than `LONG_RUN_ROUNDS` rounds only): its `run-start` and its last
 *   `TAIL_ROUNDS` rounds, read from the end of the log before the rest, so the newest rounds show at once;
 * - `log`: the whole stored log from position 0, in parts of at most `EVENTS_PER_READ` events, each starting at
 *   `from` (the position of `events[0]`), one after another with no gap.
 */
export type StoredRunViewMessage =
  | { type: 'stored-run-view'; viewId: string; runId: string; part: 'tail'; events: RunEvent[] }
  | { type: 'stored-run-view'; viewId: string; runId: string; part: 'log'; from: number; events: RunEvent[] };
