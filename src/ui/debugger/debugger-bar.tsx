// The step controls under the composer: Step mode, Step, Step over round, Continue, Pause, and where the loop stands.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { panelClass, secondaryButtonClass } from '../common/styles';
import { describeMode, describePausePoint, describeReason } from './describe-pause';
import { keysFor } from './debugger-keys';
import { useRoundOffset } from '../timeline/use-round-offset';
import { useDebuggerShortcuts } from './use-debugger-shortcuts';

export function DebuggerBar() {
  useDebuggerShortcuts();
  const stepMode = useLoupeStore((state) => state.debug.settings.stepMode);
  const mode = useLoupeStore((state) => state.debug.mode);
  const pause = useLoupeStore((state) => (state.runView.phase === 'running' ? state.runView.pause : undefined));
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const setStepMode = useLoupeStore((state) => state.setStepMode);
  const step = useLoupeStore((state) => state.step);
  const stepOverRound = useLoupeStore((state) => state.stepOverRound);
  const continueDebugRun = useLoupeStore((state) => state.continueDebugRun);
  const pauseRun = useLoupeStore((state) => state.pauseRun);
  const offset = useRoundOffset();
  const paused = pause !== undefined;

  const status = paused
    ? `Paused ${describePausePoint(pause.pause, offset)} — ${pause.reasons.map(describeReason).join(', ')}`
    : running
      ? `Running — ${describeMode(mode)}`
      : stepMode
        ? 'Step mode is on: the next run stops before its first model request.'
        : 'Not stepping: runs stop only at breakpoints and approvals.';

  return (
    // While a run goes the bar sticks under the header, so Step / Continue stay at hand down the timeline.
    <section
      aria-label="Debugger"
      className={`${panelClass} !py-3 ${running ? 'lg:sticky lg:top-12 lg:z-[5] lg:shadow-md backdrop-blur supports-[backdrop-filter]:bg-white/90 dark:supports-[backdrop-filter]:bg-zinc-900/90' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="mr-2 inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          <input
            type="checkbox"
            role="switch"
            aria-checked={stepMode}
            checked={stepMode}
            onChange={(event) => setStepMode(event.target.checked)}
            className="size-4 accent-indigo-600"
          />
          Step mode
        </label>
        {/* The step buttons exist while a run goes: idle, there is nothing to step (and no clash with other "Continue"s). */}
        {running ? (
          <>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={!running}
              title={`Step into the next pause point (${keysFor('step')})`}
              aria-keyshortcuts="F11 Control+;"
              onClick={() => void step()}
            >
              Step
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={!running}
              title={`Step over the round: run to the next model request (${keysFor('step-over-round')})`}
              aria-keyshortcuts="F10 Control+'"
              onClick={() => void stepOverRound()}
            >
              Step over round
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={!running || (!paused && mode === 'run')}
              title={`Continue to the next breakpoint or the end (${keysFor('continue')})`}
              aria-keyshortcuts="F8 Control+\\"
              onClick={() => void continueDebugRun()}
            >
              Continue
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={!running || paused || mode === 'step'}
              title={`Pause at the next pause point (${keysFor('continue')})`}
              aria-keyshortcuts="F8 Control+\\"
              onClick={() => void pauseRun()}
            >
              Pause
            </button>
          </>
        ) : (
          <span className="text-[11px] text-zinc-600 dark:text-zinc-400">
            Step ({keysFor('step')}), Step over round ({keysFor('step-over-round')}), Continue and Pause (
            {keysFor('continue')}) appear while a run goes.
          </span>
        )}
      </div>
      <p
        role="status"
        aria-label="Debugger status"
        className={`mt-2 text-xs ${paused ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-zinc-600 dark:text-zinc-400'}`}
      >
        {status}
      </p>
    </section>
  );
}
