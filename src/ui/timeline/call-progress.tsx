// A running call's latest progress notification, as a bar (or a message when the total is unknown); a call
// the server runs as a task shows the task's status instead: "Task working · 3 s · Step 2 of 3".
import type { ToolCallView } from '../../store/run-view';
import { useNow } from '../run/use-now';

type Progress = NonNullable<ToolCallView['progress']>;

/** The task line: its status, how long the call has run (when known) and the server's status message. */
export function describeTask(task: NonNullable<Progress['task']>, startedAt: number | undefined, now: number): string {
  const seconds = startedAt === undefined ? undefined : Math.max(0, Math.floor((now - startedAt) / 1000));
  return [`Task ${task.status}`, seconds === undefined ? undefined : `${seconds} s`, task.message]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ');
}

export function CallProgress({ progress, name, startedAt }: { progress: Progress; name: string; startedAt?: number }) {
  const { total, message, task } = progress;
  const now = useNow(task !== undefined, 1000);
  const known = total !== undefined && total > 0;
  const value = known ? Math.min(progress.progress, total) : progress.progress;
  return (
    <div className="space-y-1">
      {known ? (
        <progress
          aria-label={`Progress of ${name}`}
          className="h-1.5 w-full accent-amber-500"
          max={total}
          value={value}
        />
      ) : (
        <progress aria-label={`Progress of ${name}`} className="h-1.5 w-full accent-amber-500" />
      )}
      <p className="font-mono text-[11px] text-zinc-600 dark:text-zinc-400">
        {task !== undefined ? (
          describeTask(task, startedAt, now)
        ) : (
          <>
            {known ? `${value} / ${total}` : `${value}`}
            {message === undefined ? '' : ` — ${message}`}
          </>
        )}
      </p>
    </div>
  );
}
