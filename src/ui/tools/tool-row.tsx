// One tool in the tools panel: its switch, the name the model sees, and how to edit it.
import { memo, useId } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import type { ToolRow as ToolRowData } from '../../store/tools/collect-tool-rows';
import { revealHiddenCharacters } from '../../shared/reveal-hidden-characters';
import { ToolCallOptions } from './tool-call-options';

export const ToolRow = memo(function ToolRow({
  row,
  onEdit,
}: {
  row: ToolRowData;
  onEdit: (row: ToolRowData) => void;
}) {
  const switchId = useId();
  const setToolEnabled = useLoupeStore((state) => state.setToolEnabled);
  const name = row.shown.name;
  return (
    <li aria-label={name} className="flex items-start gap-2 py-1.5">
      <input
        id={switchId}
        type="checkbox"
        role="switch"
        aria-label={`Send ${name}`}
        className="mt-0.5 size-3.5 shrink-0 accent-indigo-600"
        checked={row.enabled}
        onChange={(event) => setToolEnabled(row.key, event.target.checked)}
      />
      <div className="min-w-0 flex-1">
        <label
          htmlFor={switchId}
          className={`block truncate font-mono text-xs ${row.enabled ? 'text-zinc-800 dark:text-zinc-200' : 'text-zinc-600 line-through dark:text-zinc-400'}`}
          title={name}
        >
          {name}
          {row.edited && (
            <span className="ml-1.5 rounded bg-amber-100 px-1 text-[10px] text-amber-800 no-underline dark:bg-amber-500/15 dark:text-amber-300">
              edited
            </span>
          )}
        </label>
        <p
          className="line-clamp-2 text-[11px] text-zinc-600 dark:text-zinc-400"
          title={revealHiddenCharacters(row.shown.description)}
        >
          {row.shown.description === '' ? 'No description.' : revealHiddenCharacters(row.shown.description)}
        </p>
        {row.local === undefined && (
          <ToolCallOptions name={name} toolKey={row.key} {...(row.override ? { override: row.override } : {})} />
        )}
      </div>
      <button
        type="button"
        className={`${smallButtonClass} shrink-0`}
        aria-label={row.local === undefined ? `Edit ${name} as the model sees it` : `Edit local tool ${name}`}
        onClick={() => onEdit(row)}
      >
        Edit
      </button>
    </li>
  );
});
