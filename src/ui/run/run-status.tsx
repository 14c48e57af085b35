// How the run is going or how it ended: the finish reason word, rounds, tokens and elapsed time.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { describeServerWait } from '../../store/wait-for-servers';
import { formatDuration, formatTokens } from '../common/format';
import { PauseIcon } from '../common/icons';
import { RunCost } from './run-cost';
import { runElapsed } from './run-clock';
import { useRunClock } from './use-run-clock';

const reasonTone: Record<string, string> = {
  running: 'text-amber-700 dark:text-amber-400',
  paused: 'text-amber-800 dark:text-amber-300',
  end_turn: 'text-emerald-700 dark:text-emerald-400',
  stop_sequence: 'text-emerald-700 dark:text-emerald-400',
  error: 'text-red-700 dark:text-red-400',
  aborted: 'text-zinc-700 dark:text-zinc-300',
};

/** The run status's id: Run brings it (and the timeline under it) into view on a small screen. */
export const RUN_STATUS_ID = 'run-status';

export function RunStatus() {
  const phase = useLoupeStore((state) => state.runView.phase);
  const finishReason = useLoupeStore((state) => state.runView.finishReason);
  const roundCount = useLoupeStore((state) => state.runView.rounds.length);
  const usage = useLoupeStore((state) => state.runView.usage);
  const startedAt = useLoupeStore((state) => state.runView.startedAt);
  const endedAt = useLoupeStore((state) => state.runView.endedAt);
  const pause = useLoupeStore((state) => state.runView.pause);
  const pausedMs = useLoupeStore((state) => state.runView.pausedMs);
  const waitingFor = useLoupeStore((state) => state.runView.waitingFor);
  const paused = phase === 'running' && pause !== undefined;
  // Held at a pause, the clock stands still: no ticking, and the pause's time is left out once it ends.
  const now = useRunClock(phase === 'running' && !paused);

  const word =
    phase === 'idle' ? 'idle' : phase === 'running' ? (paused ? 'paused' : 'running') : (finishReason ?? 'ended');
  const elapsed = runElapsed({ startedAt, endedAt, pause, pausedMs }, now);
  const tone =
    reasonTone[word] ??
    (word.startsWith('limit:') ? 'text-amber-700 dark:text-amber-400' : 'text-zinc-700 dark:text-zinc-300');

  return (
    <div
      id={RUN_STATUS_ID}
      role="status"
      aria-label="Run status"
      className="flex scroll-mt-2 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white px-4 py-2 text-xs text-zinc-600 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400"
    >
      <span className={`inline-flex items-center gap-1.5 font-mono font-semibold ${tone}`}>
        {phase === 'running' && !paused && (
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-500" />
        )}
        {paused && <PauseIcon className="size-3" />}
        {word}
      </span>{' '}
      {phase === 'running' && waitingFor !== undefined && waitingFor.length > 0 && (
        <span className="text-amber-700 dark:text-amber-400">{describeServerWait(waitingFor)}</span>
      )}
      {phase !== 'idle' && (
        <>
          <span>
            {roundCount} {roundCount === 1 ? 'round' : 'rounds'}
          </span>
          <span>{formatTokens(usage.inputTokens + usage.outputTokens)} tokens</span>
          <span className="text-zinc-600 dark:text-zinc-400">
            ({formatTokens(usage.inputTokens)} in / {formatTokens(usage.outputTokens)} out)
          </span>
          <RunCost />
          <span className="font-mono" aria-label="Run time" title={paused ? 'Stopped while paused' : undefined}>
            {formatDuration(elapsed)}
          </span>
        </>
      )}
      {phase === 'idle' && <span>No run yet.</span>}
    </div>
  );
}
