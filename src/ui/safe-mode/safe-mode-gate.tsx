// The root of the page: the app, unless the last session failed to restore or a crash reached the root; then
// safe mode. A root crash is recorded, so the next load opens in safe mode rather than crashing again.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { recordRestoreFailure } from '../../store/sessions/restore-guard';
import type { RestoreFailure } from '../../store/sessions/restore-guard';
import type { SessionDb } from '../../store/sessions/worker-session-db';
import { ErrorBoundary } from '../common/error-boundary';
import { lazyComponent } from '../common/lazy-component';

// Lazy: only a failed restore or a crash shows it, never a normal first paint (issue 16's first-load budget).
const SafeModeScreen = lazyComponent(() => import('./safe-mode-screen'), 'SafeModeScreen');

interface SafeModeGateProps {
  /** A failure an earlier load recorded: safe mode from the start (the session was not restored). */
  initial: RestoreFailure | null;
  /** This load's restore: resolves with its failure, or `null`. */
  restore: Promise<RestoreFailure | null>;
  storage: Storage | undefined;
  /** The sessions database safe mode works on. */
  sessionDb: SessionDb;
  children: ReactNode;
}

export function SafeModeGate({ initial, restore, storage, sessionDb, children }: SafeModeGateProps) {
  const [failure, setFailure] = useState(initial);

  useEffect(() => {
    let live = true;
    void restore.then((found) => {
      if (live && found !== null) setFailure(found);
    });
    return () => {
      live = false;
    };
  }, [restore]);

  if (failure !== null) return <SafeModeScreen failure={failure} storage={storage} sessionDb={sessionDb} />;
  return (
    <ErrorBoundary
      label="Loupe"
      fallback={() => null}
      onError={(error) =>
        setFailure(recordRestoreFailure(storage, { kind: 'render', message: error.message, at: Date.now() }))
      }
    >
      {children}
    </ErrorBoundary>
  );
}
