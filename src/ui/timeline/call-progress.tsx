// A running call's latest progress notification, as a bar (or a message when the total is unknown).
import type { ToolCallView } from '../../store/run-view';

export function CallProgress({ progress, name }: { progress: NonNullable<ToolCallView['progress']>; name: string }) {
  const { total, message } = progress;
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
        {known ? `${value} / ${total}` : `${value}`}
        {message === undefined ? '' : ` — ${message}`}
      </p>
    </div>
  );
}
