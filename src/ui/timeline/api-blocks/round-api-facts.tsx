// What the API itself did in a round, beside its reply: a pause_turn it was continued from, the context edits it
// applied to the request, the code execution container it ran in (kept for the run's next rounds).
import type { RoundView } from '../../../store/run-view';
import { describeContainer, describeContextEdits } from './read-api-block';

export function RoundApiFacts({ round }: { round: RoundView }) {
  const edits = round.contextManagement === undefined ? [] : describeContextEdits(round.contextManagement);
  const container = round.container === undefined ? undefined : describeContainer(round.container);
  return (
    <>
      {round.stopReason === 'pause_turn' && (
        <p
          role="note"
          aria-label="Paused by the API"
          className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          Paused by the API (pause_turn): Loupe continues at once in the next round, sending the paused content back
          unchanged.
        </p>
      )}
      {container !== undefined && (
        <p role="note" aria-label="Code execution container" className="text-xs text-zinc-700 dark:text-zinc-300">
          {container}
        </p>
      )}
      {edits.length > 0 && (
        <section aria-label="Context edited by the API" className="text-xs text-zinc-700 dark:text-zinc-300">
          <p className="font-medium">Context edited by the API before this request</p>
          <ul className="list-disc pl-5">
            {edits.map((edit, position) => (
              <li key={position}>{edit}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
