// A round's calls on one time axis: waiting (queued) in grey, running in colour, so parallelism shows at a glance.
import type { ToolCallView } from '../../store/run-view';
import { formatDuration } from '../common/format';
import { useNow } from '../run/use-now';

interface Bar {
  callId: string;
  name: string;
  queued: number;
  started?: number;
  ended?: number;
  isError: boolean;
}

/** Bars of the calls that have times, relative to `origin` (the round's first moment). */
function barsOf(calls: readonly ToolCallView[], now: number): { bars: Bar[]; origin: number; span: number } {
  // Only calls that reached a tool (or wait for a slot): an invalid or unknown call never ran.
  const timed = calls.filter((call) => call.startedAt !== undefined || call.status === 'queued');
  const bars = timed.map((call) => ({
    callId: call.callId,
    name: call.name,
    queued: call.queuedAt ?? call.startedAt ?? now,
    ...(call.startedAt === undefined ? {} : { started: call.startedAt }),
    ...(call.endedAt === undefined ? {} : { ended: call.endedAt }),
    isError: call.isError,
  }));
  const origin = Math.min(...bars.map((bar) => bar.queued));
  const end = Math.max(...bars.map((bar) => bar.ended ?? now));
  return { bars, origin, span: Math.max(1, end - origin) };
}

export function CallWaterfall({ calls, round, now }: { calls: readonly ToolCallView[]; round: number; now: number }) {
  const live = calls.some((call) => call.status === 'queued' || call.status === 'running');
  const tick = useNow(live);
  const { bars, origin, span } = barsOf(calls, live ? tick : now);
  if (bars.length < 2) return null;
  const percent = (value: number): string => `${((value - origin) / span) * 100}%`;
  return (
    <figure aria-label={`Waterfall of round ${round}`} className="space-y-1">
      <figcaption className="flex justify-between text-[10px] font-semibold tracking-wide text-zinc-600 dark:text-zinc-400 uppercase">
        <span>Calls over time</span>
        <span className="font-mono normal-case">{formatDuration(span)}</span>
      </figcaption>
      {bars.map((bar) => {
        const started = bar.started ?? bar.ended ?? now;
        const ended = bar.ended ?? now;
        const label = `${bar.name}: queued ${formatDuration(started - bar.queued)}, ran ${bar.started === undefined ? '–' : formatDuration(ended - started)}`;
        return (
          <div key={bar.callId} className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-2" title={label}>
            <span className="truncate font-mono text-[11px] text-zinc-600 dark:text-zinc-400">{bar.name}</span>
            <div role="img" aria-label={label} className="relative h-2.5 rounded bg-zinc-100 dark:bg-zinc-800">
              <span
                className="absolute inset-y-0 rounded bg-zinc-300 dark:bg-zinc-600"
                style={{ left: percent(bar.queued), width: `calc(${percent(started)} - ${percent(bar.queued)})` }}
              />
              {bar.started !== undefined && (
                <span
                  className={`absolute inset-y-0 min-w-[2px] rounded ${bar.isError ? 'bg-red-500' : 'bg-emerald-500'}`}
                  style={{ left: percent(bar.started), width: `calc(${percent(ended)} - ${percent(bar.started)})` }}
                />
              )}
            </div>
          </div>
        );
      })}
    </figure>
  );
}
