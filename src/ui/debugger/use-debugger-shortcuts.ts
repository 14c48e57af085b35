// DevTools keys: F8 continue / pause, F10 step over a round, F11 step into the next point.
import { useEffect } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';

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
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const action =
        event.key === 'F8'
          ? paused
            ? continueDebugRun
            : pauseRun
          : event.key === 'F10'
            ? stepOverRound
            : event.key === 'F11'
              ? step
              : undefined;
      if (action === undefined) return;
      event.preventDefault();
      void action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running, paused, step, continueDebugRun, stepOverRound, pauseRun]);
}
