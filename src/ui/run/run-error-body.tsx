// The run error's body (its own chunk, see run-error-alert.tsx): what went wrong and what to try.
import type { RunErrorInfo } from '../../engine/event/run-event';
import { hintFor } from './run-error-hint';

export function RunErrorBody({ error }: { error: RunErrorInfo }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <p className="font-medium">
        The run failed{error.status === undefined ? '' : ` (HTTP ${error.status})`}: {error.message}
      </p>
      <p className="mt-0.5 text-xs text-red-700/90 dark:text-red-300/80">{hintFor(error)}</p>
    </div>
  );
}
