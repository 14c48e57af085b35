// At a pause of an MCP App's call once its run has ended: the debugger bar's Step and Continue are gone
// (nothing else of the run is left to step), so the pause gets its own way on.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { primaryButtonClass } from '../common/styles';

export function AppCallGoOn() {
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const draft = useLoupeStore((state) => state.debug.draft);
  const resolvePause = useLoupeStore((state) => state.resolvePause);
  if (running) return null;
  const blocked = draft !== null && draft.problems.length > 0;
  return (
    <div className="mt-3 flex items-center gap-2">
      <button
        type="button"
        className={primaryButtonClass}
        disabled={blocked}
        onClick={() => void resolvePause(draft?.decision ?? { type: 'continue' })}
      >
        Go on with the app call
      </button>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        {draft === null ? 'As shown.' : 'With your edit.'} The run has ended; the app is still live.
      </span>
    </div>
  );
}
