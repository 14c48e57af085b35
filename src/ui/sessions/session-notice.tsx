// What was restored or imported into the open session, what was repaired, and the way to go on.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { primaryButtonClass, secondaryButtonClass, smallButtonClass } from '../common/styles';

export function SessionNotice() {
  const notice = useLoupeStore((state) => state.sessionNotice);
  const resumable = notice?.resumable === true;
  const canContinue = useLoupeStore(
    (state) => (state.resumeHistory !== null || resumable) && state.settings.draft.trim() !== '',
  );
  const continueRun = useLoupeStore((state) => state.continueRun);
  const resume = useLoupeStore((state) => state.resumeInterruptedRun);
  const endHere = useLoupeStore((state) => state.endInterruptedRun);
  const dismiss = useLoupeStore((state) => state.dismissSessionNotice);
  if (notice === null) return null;
  const tone =
    notice.kind === 'interrupted'
      ? 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200'
      : 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-200';
  return (
    <section
      aria-label={
        notice.kind === 'interrupted'
          ? 'Interrupted run'
          : notice.kind === 'restoring'
            ? 'Restoring session'
            : 'Imported transcript'
      }
      className={`rounded-lg border px-4 py-3 text-sm ${tone}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p role="status" className="min-w-0 flex-1 font-medium">
          {notice.title}
        </p>
        <div className="flex items-center gap-2">
          {resumable && (
            <>
              <button
                type="button"
                className={primaryButtonClass}
                title="Goes on as the same run from the round it was cut in"
                onClick={() => void resume()}
              >
                Resume
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                title="Keeps the run stopped where it was cut"
                onClick={() => void endHere()}
              >
                End here
              </button>
            </>
          )}
          {notice.kind === 'interrupted' && (
            <button
              type="button"
              className={resumable ? secondaryButtonClass : primaryButtonClass}
              disabled={!canContinue}
              title="Sends your message after the restored conversation"
              onClick={() => void continueRun()}
            >
              Continue
            </button>
          )}
          {!resumable && (
            <button type="button" className={smallButtonClass} onClick={dismiss}>
              Dismiss
            </button>
          )}
        </div>
      </div>
      {notice.details.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer select-none">
            {notice.details.length} repair{notice.details.length === 1 ? '' : 's'} made to the history
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
            {notice.details.map((detail, index) => (
              <li key={index}>{detail}</li>
            ))}
          </ul>
        </details>
      )}
      {resumable ? (
        <p className="mt-2 text-xs opacity-80">
          Resume re-enters the interrupted round: finished calls are kept, unfinished read-only calls run again and the
          others are answered “not executed” (they may have taken effect). End here keeps the run stopped; Continue ends
          it there and sends the message in the composer after it.
        </p>
      ) : (
        notice.kind === 'interrupted' && (
          <p className="mt-2 text-xs opacity-80">
            Continue sends the message in the composer after the restored conversation (repaired so the API accepts it).
          </p>
        )
      )}
    </section>
  );
}
