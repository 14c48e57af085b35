// The debugger's keys while a run goes (so whenever a pause is on screen): F8 continue / pause, F10 step over
// a round, F11 step, or their second set (see debugger-keys). Caught at the window in the capture phase, so
// they work inside editors too — Monaco binds F8 itself and would otherwise take it.
import { useEffect } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { matchDebuggerKey } from './debugger-keys';

export function useDebuggerShortcuts(): void {
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const paused = useLoupeStore((state) => state.debug.pending !== null);
  const step = useLoupeStore((state) => state.step);
  const continueDebugRun = useLoupeStore((state) => state.continueDebugRun);
  const stepOverRound = useLoupeStore((state) => state.stepOverRound);
  const pauseRun = useLoupeStore((state) => state.pauseRun);

  useEffect(() => {
    if (!running) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      const action = matchDebuggerKey(event);
      if (action === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      // A held key steps once: auto-repeat would race through the pauses.
      if (event.repeat) return;
      const run =
        action === 'continue' ? (paused ? continueDebugRun : pauseRun) : action === 'step' ? step : stepOverRound;
      void run();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [running, paused, step, continueDebugRun, stepOverRound, pauseRun]);
}
