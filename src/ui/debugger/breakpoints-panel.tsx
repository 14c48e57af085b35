// The left column's debugger panel: breakpoints (listed, toggled, removed, added) and tool approval.
import { describeBreakpoint } from '../../shared/describe-breakpoint';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { panelClass, panelTitleClass, smallButtonClass } from '../common/styles';
import { AddBreakpointForm } from './add-breakpoint-form';
import { CompactionBreakpointToggle } from './compaction-breakpoint-toggle';
import { ApprovalSettings } from './approval-settings';
import { useKnownTools } from './use-known-tools';

export function BreakpointsPanel() {
  const breakpoints = useLoupeStore((state) => state.debug.settings.breakpoints);
  const update = useLoupeStore((state) => state.updateDebugSettings);
  const tools = useKnownTools();

  return (
    <section aria-labelledby="breakpoints-title" className={panelClass}>
      <h2 id="breakpoints-title" className={panelTitleClass}>
        Breakpoints
      </h2>
      <ul aria-label="Breakpoints" className="mb-3 space-y-1">
        {breakpoints.length === 0 && (
          <li className="text-xs text-zinc-600 dark:text-zinc-400">None: runs stop only in step mode.</li>
        )}
        {breakpoints.map((breakpoint) => {
          const label = describeBreakpoint(breakpoint);
          return (
            <li key={breakpoint.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                aria-label={`Enable breakpoint ${label}`}
                className="accent-indigo-600"
                checked={breakpoint.enabled}
                onChange={(event) =>
                  update({
                    breakpoints: breakpoints.map((entry) =>
                      entry.id === breakpoint.id ? { ...entry, enabled: event.target.checked } : entry,
                    ),
                  })
                }
              />
              <span
                className={`min-w-0 flex-1 truncate ${breakpoint.enabled ? '' : 'text-zinc-600 line-through dark:text-zinc-400'}`}
              >
                {label}
              </span>
              <button
                type="button"
                className={smallButtonClass}
                aria-label={`Remove breakpoint ${label}`}
                onClick={() => update({ breakpoints: breakpoints.filter((entry) => entry.id !== breakpoint.id) })}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <CompactionBreakpointToggle breakpoints={breakpoints} onChange={(next) => update({ breakpoints: next })} />
      <AddBreakpointForm tools={tools} onAdd={(breakpoint) => update({ breakpoints: [...breakpoints, breakpoint] })} />
      <div className="mt-4 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <ApprovalSettings />
      </div>
    </section>
  );
}
