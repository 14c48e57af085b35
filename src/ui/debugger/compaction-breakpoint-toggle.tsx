// "Pause before compaction": a switch for the breakpoint that holds every compaction at its pause, where the
// person sees what it will do, edits its summary or skips it.
import type { Breakpoint } from '../../engine/debug/pause-point';

export function CompactionBreakpointToggle({
  breakpoints,
  onChange,
}: {
  breakpoints: Breakpoint[];
  onChange: (breakpoints: Breakpoint[]) => void;
}) {
  const on = breakpoints.some((breakpoint) => breakpoint.kind === 'compaction' && breakpoint.enabled);
  const toggle = (checked: boolean): void => {
    const others = breakpoints.filter((breakpoint) => breakpoint.kind !== 'compaction');
    onChange(checked ? [...others, { id: crypto.randomUUID(), enabled: true, kind: 'compaction' }] : others);
  };
  return (
    <label className="mb-3 flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
      <input
        type="checkbox"
        aria-label="Pause before compaction"
        className="accent-indigo-600"
        checked={on}
        onChange={(event) => toggle(event.target.checked)}
      />
      Pause before compaction
      <span className="text-[11px] text-zinc-600 dark:text-zinc-400">(see, edit or skip it)</span>
    </label>
  );
}
