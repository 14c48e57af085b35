// A call's server log (MCP notifications/message sent while it ran) and its last progress, shown on the call.
import type { ToolCallView } from '../../store/run-view';
import { formatDuration } from '../common/format';

const levelClass: Record<string, string> = {
  debug: 'text-zinc-600 dark:text-zinc-400',
  info: 'text-sky-700 dark:text-sky-400',
  warning: 'text-amber-700 dark:text-amber-400',
  error: 'text-red-700 dark:text-red-400',
};

/** The log list (open while the call runs) and, once it ended, the last progress it reported. */
export function CallLog({
  call,
  running,
}: {
  /** A model's call, or an MCP App's (named as its list item names it). */
  call: Pick<ToolCallView, 'name' | 'logs' | 'progress' | 'progressCount' | 'startedAt' | 'queuedAt'>;
  running: boolean;
}) {
  const logs = call.logs ?? [];
  const since = call.startedAt ?? call.queuedAt;
  const lastProgress = running ? undefined : call.progress;
  if (logs.length === 0 && lastProgress === undefined) return null;
  return (
    <div className="mt-2 space-y-1 text-xs">
      {lastProgress?.task !== undefined && (
        <p className="font-mono text-[11px] text-zinc-600 dark:text-zinc-400">
          Ran as task {lastProgress.task.id}: last status {lastProgress.task.status}
          {lastProgress.task.message === undefined ? '' : ` — ${lastProgress.task.message}`}
        </p>
      )}
      {lastProgress !== undefined && lastProgress.task === undefined && (
        <p className="font-mono text-[11px] text-zinc-600 dark:text-zinc-400">
          Last progress: {lastProgress.progress}
          {lastProgress.total === undefined ? '' : ` / ${lastProgress.total}`}
          {lastProgress.message === undefined ? '' : ` — ${lastProgress.message}`}
          {call.progressCount === undefined ? '' : ` (${call.progressCount} updates)`}
        </p>
      )}
      {logs.length > 0 && (
        <details open={running}>
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400 select-none">
            Server log ({logs.length} {logs.length === 1 ? 'message' : 'messages'})
          </summary>
          <ol aria-label={`Server log of ${call.name}`} className="mt-1 space-y-0.5 font-mono text-[11px]">
            {logs.map((entry, index) => (
              <li key={index} className="break-words whitespace-pre-wrap">
                <span className="text-zinc-400">
                  {since === undefined ? '' : `+${formatDuration(Math.max(0, entry.at - since))} `}
                </span>
                <span className={levelClass[entry.level] ?? 'text-zinc-600 dark:text-zinc-400'}>{entry.level}</span>{' '}
                <span className="text-zinc-700 dark:text-zinc-300">{entry.message}</span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
