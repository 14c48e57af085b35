// Pure: the history a fork starts from — a run's conversation as its round N request carried it. No I/O.
import type { RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { repairHistory } from '../message/repair-history';
import { foldSentHistory } from '../compaction/fold-sent-history';

/** Events that belong to a round's request rather than to the model's answer. */
const REQUEST_SIDE = new Set<RunEvent['type']>(['round-start', 'pause-start', 'pause-end', 'edit-apply']);

/**
 * ENGINE-SPEC rule 24: the messages round `round` of a run sent (with any edit made at its pause), so a
 * fork can ask the model that question again (compacted, when a compaction was in force) — repaired, so it is always API-valid whatever state the
 * run was in (cancelled mid-call, failed, still going). A round past the last gives the whole history.
 */
export function forkHistory(events: readonly RunEvent[], round: number): { messages: Message[]; changes: string[] } {
  const cut = events.findIndex((event) => 'round' in event && event.round === round && !REQUEST_SIDE.has(event.type));
  const prefix = cut === -1 ? events : events.slice(0, cut);
  return repairHistory(foldSentHistory(prefix));
}
