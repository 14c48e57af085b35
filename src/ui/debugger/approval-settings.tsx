// Approval and read-only marks per tool, in one place: what is asked, allowed (always or for this session) or
// denied, and which tools count as read-only (eager start; not asked about by default).
import type { ToolApproval } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, smallButtonClass } from '../common/styles';
import { isReadOnly, useApprovalRows, type ApprovalRow } from './use-approval-rows';

const defaultFor = (row: ApprovalRow): ToolApproval => (row.mcp && !isReadOnly(row) ? 'ask' : 'auto');

export function ApprovalSettings() {
  const approval = useLoupeStore((state) => state.debug.settings.approval);
  const update = useLoupeStore((state) => state.updateDebugSettings);
  const setReadOnly = useLoupeStore((state) => state.setToolReadOnly);
  const rows = useApprovalRows();
  const session = approval.session ?? {};

  const forget = (name: string): void => {
    const { [name]: _forgotten, ...rest } = session;
    update({ approval: { ...approval, session: rest } });
  };

  return (
    <div className="space-y-2">
      <label className="inline-flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input
          type="checkbox"
          className="accent-indigo-600"
          checked={approval.enabled}
          onChange={(event) => update({ approval: { ...approval, enabled: event.target.checked } })}
        />
        Ask before tools run
      </label>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Read-only tools may start while the reply still streams and are not asked about by default. Mark any tool, local
        ones too.
      </p>
      <ul aria-label="Tool approval" className="space-y-1.5">
        {rows.length === 0 && (
          <li className="text-xs text-zinc-600 dark:text-zinc-400">Connect a server or add a local tool.</li>
        )}
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="min-w-0 flex-1 truncate font-mono text-xs" title={row.name}>
              {row.name}
            </span>
            <label className="inline-flex items-center gap-1 text-xs text-zinc-700 dark:text-zinc-300">
              <input
                type="checkbox"
                className="accent-indigo-600"
                aria-label={`Read-only: ${row.name}`}
                checked={isReadOnly(row)}
                onChange={(event) =>
                  setReadOnly(row.key, event.target.checked === row.hinted ? undefined : event.target.checked)
                }
              />
              read-only
            </label>
            {approval.enabled && (
              <select
                aria-label={`Approval for ${row.name}`}
                className={`${inputClass} !w-24 !py-0.5 text-xs`}
                value={approval.tools[row.name] ?? defaultFor(row)}
                onChange={(event) =>
                  update({
                    approval: {
                      ...approval,
                      tools: { ...approval.tools, [row.name]: event.target.value as ToolApproval },
                    },
                  })
                }
              >
                <option value="auto">auto</option>
                <option value="ask">ask</option>
                <option value="deny">deny</option>
              </select>
            )}
            {approval.enabled && session[row.name] !== undefined && (
              <span className="inline-flex w-full items-center gap-1 text-[11px] text-amber-800 dark:text-amber-300">
                {session[row.name] === 'auto' ? 'Allowed' : 'Denied'} for this session
                <button
                  type="button"
                  className={smallButtonClass}
                  aria-label={`Forget the session answer for ${row.name}`}
                  onClick={() => forget(row.name)}
                >
                  Forget
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
