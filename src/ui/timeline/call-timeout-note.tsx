// Which timeout a call runs under and, when it hit one, which: "timed out after 5 s (server limit)".
import { describeDuration } from '../../shared/describe-duration';
import type { ToolCallView } from '../../store/run-view';

const limitWords = { tool: 'tool limit', server: 'server limit', run: 'run limit' } as const;

/** The text of the note, or undefined when the call carries no timeout facts (older transcripts). */
export function describeCallTimeoutNote(call: ToolCallView): string | undefined {
  const stopped = call.timedOut;
  if (call.status === 'timeout' && stopped !== undefined) {
    if (stopped.source === 'wall-time') return `stopped after ${describeDuration(stopped.ms)} (run wall time)`;
    if (stopped.source === 'max-total') return `stopped after ${describeDuration(stopped.ms)} (max time per call)`;
    return `timed out after ${describeDuration(stopped.ms)} (${limitWords[stopped.source]})`;
  }
  if (call.timeout === undefined || call.status !== 'running') return undefined;
  return `timeout ${describeDuration(call.timeout.ms)} (${limitWords[call.timeout.source]})`;
}

const noteClass =
  'rounded bg-amber-50 px-1.5 py-0.5 font-mono text-[10px] text-amber-800 dark:bg-amber-500/10 dark:text-amber-300';

export function CallTimeoutNote({ call }: { call: ToolCallView }) {
  const text = describeCallTimeoutNote(call);
  return text === undefined ? null : <span className={noteClass}>{text}</span>;
}
