// Pure: the history as it is sent, i.e. the full history with the latest compaction applied. No I/O.
import type { RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { foldHistory } from '../transcript/fold-history';

/** The compaction in force: `prefix` stands for the full history's first `keptFrom` messages. */
export interface ActiveCompaction {
  prefix: Message[];
  keptFrom: number;
}

/** Follows a run's events and keeps the compaction in force, as `findActiveCompaction` reads it. */
export interface CompactionTracker {
  observe(event: RunEvent): void;
  active(): ActiveCompaction | undefined;
}

/**
 * Tracks the latest `history-compact`, unless the history was replaced after it (a new `run-start`, or a
 * person's edit of the request's messages, which already holds the compacted history they saw).
 */
export function createCompactionTracker(): CompactionTracker {
  let active: ActiveCompaction | undefined;
  return {
    observe(event) {
      if (event.type === 'history-compact') active = { prefix: event.prefix, keptFrom: event.keptFrom };
      else if (event.type === 'run-start' || (event.type === 'edit-apply' && event.what === 'request.messages'))
        active = undefined;
    },
    active: () => active,
  };
}

/** The compaction in force after `events` (see `createCompactionTracker`). */
export function findActiveCompaction(events: Iterable<RunEvent>): ActiveCompaction | undefined {
  const tracker = createCompactionTracker();
  for (const event of events) tracker.observe(event);
  return tracker.active();
}

/** `full` with `active` applied: its prefix, then the full history from `keptFrom` on. */
export function applyCompaction(full: readonly Message[], active: ActiveCompaction | undefined): Message[] {
  return active === undefined ? [...full] : [...active.prefix, ...full.slice(active.keptFrom)];
}

/**
 * The history the next request sends: `foldHistory(events)` (the full history, which the transcript keeps)
 * with the compaction in force applied.
 */
export function foldSentHistory(events: readonly RunEvent[]): Message[] {
  return applyCompaction(foldHistory(events), findActiveCompaction(events));
}
