// Says when another tab owns the open session (this one is read-only) and offers to take it over.
import { useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { primaryButtonClass, smallButtonClass } from '../common/styles';

export function SessionAccessBanner() {
  const access = useLoupeStore((state) => state.sessionAccess);
  const note = useLoupeStore((state) => state.sessionAccessNote);
  const takeOver = useLoupeStore((state) => state.takeOverSession);
  const [dismissed, setDismissed] = useDismissedNote(note);
  if (access === 'owner' && (note === null || dismissed)) return null;
  const readOnly = access !== 'owner';
  return (
    <section
      aria-label={readOnly ? 'Read-only session' : 'Session owner'}
      className="mb-4 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-950 dark:border-violet-500/30 dark:bg-violet-500/10 dark:text-violet-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p role="status" className="min-w-0 flex-1 font-medium">
          {readOnly ? (note ?? 'This session is open in another tab.') : note}
        </p>
        {readOnly ? (
          <button
            type="button"
            className={primaryButtonClass}
            disabled={access === 'taking-over'}
            title="This tab saves the session from now on; the other tab stops its run and turns read-only"
            onClick={() => void takeOver()}
          >
            {access === 'taking-over' ? 'Taking over…' : 'Take over'}
          </button>
        ) : (
          <button type="button" className={smallButtonClass} onClick={() => setDismissed(true)}>
            Dismiss
          </button>
        )}
      </div>
    </section>
  );
}

/** A note the person dismissed stays hidden until a different note comes. */
function useDismissedNote(note: string | null): [boolean, (value: boolean) => void] {
  const [dismissedNote, setDismissedNote] = useState<string | null>(null);
  return [note !== null && dismissedNote === note, (value) => setDismissedNote(value ? note : null)];
}
