// Test helper: the history invariants every finished run must satisfy. Pure: no I/O.
import type { RunEvent } from '../event/run-event';
import { findHistoryProblems } from '../message/find-history-problems';
import { repairHistory } from '../message/repair-history';
import type { RunResult } from '../run/run-options';
import { foldHistory } from '../transcript/fold-history';
import { foldSentHistory } from '../compaction/fold-sent-history';

/**
 * Problems with a finished run's history, as sentences (empty when fine): the fold of the events must
 * equal `result.messages`, pass `repairHistory` with no change, and answer every tool_use exactly once; the
 * history sent after any compaction must pass `repairHistory` unchanged too.
 */
export function findRunProblems(events: readonly RunEvent[], result: RunResult): string[] {
  const problems: string[] = [];
  const history = foldHistory(events);
  if (JSON.stringify(history) !== JSON.stringify(result.messages))
    problems.push('result.messages differs from the event fold.');
  problems.push(...findHistoryProblems(history));
  const repair = repairHistory(history);
  problems.push(...repair.changes.map((change) => `repairHistory changed the history: ${change}`));
  const uses = history.flatMap((message) =>
    message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])),
  );
  const results = history.flatMap((message) =>
    message.content.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])),
  );
  for (const id of uses) {
    const count = results.filter((resultId) => resultId === id).length;
    if (count !== 1) problems.push(`tool_use '${id}' has ${count} results.`);
  }
  // What compaction left to send (ENGINE-SPEC rule 28) must be as valid as the full history.
  const sent = foldSentHistory(events);
  problems.push(...findHistoryProblems(sent).map((problem) => `Sent history: ${problem}`));
  problems.push(...repairHistory(sent).changes.map((change) => `repairHistory changed the sent history: ${change}`));
  if (events.filter((event) => event.type === 'run-end').length !== 1)
    problems.push('There must be exactly one run-end.');
  if (events[events.length - 1]?.type !== 'run-end') problems.push('run-end must be the last event.');
  return problems;
}
