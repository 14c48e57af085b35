// Pure: the history the next request carries — the incremental full history, with the compaction in force applied.
import { applyCompaction, type CompactionTracker } from '../compaction/fold-sent-history';
import type { Message } from '../message/message';
import { repairHistory } from '../message/repair-history';
import { holdsMedia, type IncrementalHistory } from '../transcript/incremental-history';
import type { LoopContext } from './loop-context';
import type { RunEvent } from '../event/run-event';

/**
 * Whether an event of this type can change the history or the compaction in force: the only ones
 * `IncrementalHistory.observe` and `CompactionTracker.observe` act on (both let every other event pass).
 */
export const changesHistory = (type: RunEvent['type']): boolean =>
  type === 'response-end' ||
  type === 'tool-results-commit' ||
  type === 'run-start' ||
  type === 'edit-apply' ||
  type === 'history-compact';

/**
 * The loop context's history readers. Without a compaction in force they read the incremental history (no
 * per-round cost that grows with the run); with one, the compacted history is built (and repaired) per read —
 * a compacted history is short by design. The full history (the transcript's) is always `history.folded()`.
 * Without a compaction, `history()` is the incremental history's one array (`sendable()`): it changes as the
 * run goes on, so whoever keeps it past the request (an edit record, a pause) keeps a copy.
 */
export function sentHistoryOf(
  history: IncrementalHistory,
  compaction: CompactionTracker,
): Pick<LoopContext, 'history' | 'hasToolUse' | 'hasMedia' | 'compactionView'> {
  const sent = (): Message[] => {
    const active = compaction.active();
    return active === undefined
      ? history.sendable()
      : repairHistory(applyCompaction(history.folded(), active)).messages;
  };
  const compacted = (): boolean => compaction.active() !== undefined;
  return {
    history: sent,
    // Ids are checked against the full history: a summary may drop a tool_use from what is sent, but a
    // reply reusing its id would still break the full history (the transcript's) — its ids stay taken.
    hasToolUse: (id) => history.hasToolUse(id),
    hasMedia: () => (compacted() ? sent().some(holdsMedia) : history.hasMedia()),
    compactionView: () => ({ full: history.folded(), active: compaction.active() }),
  };
}
