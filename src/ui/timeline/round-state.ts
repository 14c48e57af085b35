// Where a round stands, in the words its card shows: still streaming, answered (with its stop reason), or cut
// short by the end of the run (a model error, a stop, a limit, a crash) — never "streaming" once the run is over.
import type { RoundView } from '../../store/run-view';

/** The model is still expected to answer this round: the run goes on and the reply has no stop reason yet. */
export function isRoundStreaming(round: RoundView): boolean {
  return round.stopReason === undefined && round.endedWith === undefined;
}

/** The header's `stop` fact: the stop reason, `streaming…` while it streams, or how the run cut it short. */
export function describeRoundStop(round: RoundView): string {
  switch (round.endedWith) {
    case undefined:
      break;
    case 'error':
      return 'failed';
    case 'aborted':
      return 'aborted';
    default:
      // A run that ended by a limit (or a natural stop) while this reply was unfinished.
      if (round.stopReason === undefined || round.interrupted) return `ended (${round.endedWith})`;
  }
  if (round.stopReason === undefined) return 'streaming…';
  return round.stopReason ?? 'none';
}

/**
 * What the card says in place of a reply it has nothing of: `Waiting for the model…` while the round streams,
 * how the run cut it short once it is over. Undefined when there is something to show (text, thinking, calls).
 */
export function describeMissingReply(round: RoundView): string | undefined {
  if (round.blocks.some((block) => block.kind !== 'tool_use')) return undefined;
  if (isRoundStreaming(round)) return 'Waiting for the model…';
  if (round.toolCalls.length > 0) return undefined;
  switch (round.endedWith) {
    case undefined:
      return undefined;
    case 'error':
      return round.interrupted
        ? 'No reply: the run was interrupted before the model answered.'
        : 'No reply: the model call failed (see the error above).';
    case 'aborted':
      return 'No reply: the run was stopped before the model answered.';
    default:
      return `No reply: the run ended (${round.endedWith}) before the model answered.`;
  }
}
