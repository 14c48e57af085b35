// Retry round: a round whose model call failed is sent again, exactly as it was, as a new branch from that round.
import type { RoundView } from '../../store/run-view';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { useRoundOffset } from './use-round-offset';

/**
 * Shown on a round the run ended on with an error before its reply was complete (a dropped stream, an API error).
 * It forks from that round (the engine's `run-fork`: the history that round sent, repaired, with the run's system
 * prompt and the same tools and settings), so the failed run is kept as it was and the retry is a branch of it.
 */
export function RetryRoundButton({ round }: { round: RoundView }) {
  const forkFrom = useLoupeStore((state) => state.forkFrom);
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const shown = round.round + useRoundOffset();
  if (round.endedWith !== 'error') return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={smallButtonClass}
        disabled={running}
        onClick={() => void forkFrom(round.round, `Retry of round ${shown}`)}
      >
        Retry round
      </button>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        Sends this round’s request again as a new branch; this run stays as it is.
      </span>
    </div>
  );
}
