// Where the debugger touched a round: breakpoint hits and pauses, request edits, call edits.
import { PauseIcon } from '../common/icons';
import type { EditRecord } from '../../engine/debug/debug-event';
import type { RoundView } from '../../store/run-view';
import { describeAnswer, describePausePoint, describeReason } from './describe-pause';
import { editTitle } from './edit-title';
import { useRoundOffset } from '../timeline/use-round-offset';

const editWords: Record<EditRecord['what'], string> = {
  'request.system': 'system prompt edited',
  'request.messages': 'messages edited',
  'request.tools': 'tools edited',
  'request.maxTokens': 'max_tokens edited',
  'request.temperature': 'temperature edited',
  'request.toolChoice': 'tool_choice edited',
  input: 'input edited',
  result: 'result overridden',
  skip: 'skipped; result given by hand',
  'compaction.summary': 'compaction summary edited',
};

/** One short phrase per edit, e.g. "input edited". */
export function describeEdit(edit: EditRecord): string {
  return editWords[edit.what];
}

const chipClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset';

/** Chips for the edits of a call (shown in its tool-call item). */
export function EditChips({ edits }: { edits: EditRecord[] | undefined }) {
  if (edits === undefined || edits.length === 0) return null;
  return (
    <>
      {edits.map((edit, index) => (
        <span
          key={`${edit.what}-${index}`}
          title={editTitle(edit)}
          className={`${chipClass} bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-500/30`}
        >
          ✎ {describeEdit(edit)}
        </span>
      ))}
    </>
  );
}

/** The round's pauses that a breakpoint or approval caused, and its request edits. */
export function RoundDebugMarks({ round }: { round: RoundView }) {
  const offset = useRoundOffset();
  const hits = (round.pauses ?? []).filter((mark) => mark.reasons.some((reason) => reason.kind !== 'step'));
  if (hits.length === 0 && (round.edits ?? []).length === 0) return null;
  return (
    <ul aria-label={`Debugger marks of round ${round.round + offset}`} className="flex flex-wrap gap-1.5">
      {hits.map((mark) => (
        <li
          key={mark.pauseId}
          className={`${chipClass} bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/30`}
        >
          <PauseIcon className="mr-1 size-2.5 align-[-1px]" />
          {mark.reasons
            .filter((reason) => reason.kind !== 'step')
            .map(describeReason)
            .join(', ')}{' '}
          — {describePausePoint(mark.pause, offset)}
          {mark.decision !== undefined && ` → ${describeAnswer(mark.decision, mark.reasons, mark.remember)}`}
        </li>
      ))}
      {(round.edits ?? []).map((edit, index) => (
        <li
          key={`${edit.what}-${index}`}
          title={editTitle(edit, 400)}
          className={`${chipClass} bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-500/30`}
        >
          ✎ {describeEdit(edit)}
        </li>
      ))}
    </ul>
  );
}
