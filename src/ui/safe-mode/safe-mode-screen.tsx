// Safe mode: the session that failed to restore (or crashed the page) is not opened. The person sees what
// failed and can export it as stored, delete it, start fresh beside it, or try again.
import { useEffect, useState } from 'react';
import type { RestoreFailure } from '../../store/sessions/restore-guard';
import { pickSessionSettings } from '../../store/sessions/session-record';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { SessionDb } from '../../store/sessions/worker-session-db';
import { panelClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';
import {
  deleteAndReload,
  exportRawSession,
  readSessionName,
  retryAndReload,
  startFreshAndReload,
} from './safe-mode-actions';

interface SafeModeScreenProps {
  failure: RestoreFailure;
  storage: Storage | undefined;
  /** The sessions database (the worker's), read and changed without the store's restore. */
  sessionDb: SessionDb;
}

export function SafeModeScreen({ failure, storage, sessionDb }: SafeModeScreenProps) {
  const settings = useLoupeStore((state) => state.settings);
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { sessionId } = failure;

  useEffect(() => {
    if (sessionId === null) return;
    let live = true;
    void readSessionName(sessionDb, sessionId).then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, [sessionDb, sessionId]);

  const attempt = (action: () => Promise<void>) => () => {
    setProblem(null);
    action().catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };
  const what = failure.kind === 'restore' ? 'could not be restored' : 'made the page crash while it was shown';
  const session = name === null ? 'The last session' : `The session “${name}”`;

  return (
    <main aria-label="Safe mode" className="mx-auto max-w-2xl space-y-4 px-4 py-10">
      <h1 className="text-lg font-semibold">Loupe opened in safe mode</h1>
      <div role="alert" className={`${panelClass} space-y-2 text-sm`}>
        <p>
          {session} {what}: <span className="font-mono text-xs [overflow-wrap:anywhere]">{failure.message}</span>
        </p>
        <p className="text-zinc-600 dark:text-zinc-400">
          It was not opened this time, so Loupe stays usable. Export it to keep what it holds, delete it, or start a
          fresh session beside it.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {sessionId !== null && (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={attempt(() => exportRawSession(sessionDb, sessionId))}
          >
            Export session as JSON
          </button>
        )}
        {sessionId !== null &&
          (confirmingDelete ? (
            <button
              type="button"
              className={`${secondaryButtonClass} text-red-700 dark:text-red-400`}
              onClick={attempt(() => deleteAndReload(sessionDb, sessionId, storage))}
            >
              Delete it for good
            </button>
          ) : (
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirmingDelete(true)}>
              Delete session
            </button>
          ))}
        <button
          type="button"
          className={primaryButtonClass}
          onClick={attempt(() => startFreshAndReload(sessionDb, storage, pickSessionSettings(settings)))}
        >
          Start fresh
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => retryAndReload(storage)}>
          Try to open it again
        </button>
      </div>
      {problem !== null && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          That did not work: {problem}
        </p>
      )}
    </main>
  );
}
