// Approval per tool: auto | ask | deny; with approval on, MCP tools not marked read-only default to ask.
import type { ToolApproval } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass } from '../common/styles';
import type { KnownTool } from './use-known-tools';

export function ApprovalSettings({ tools }: { tools: KnownTool[] }) {
  const approval = useLoupeStore((state) => state.debug.settings.approval);
  const update = useLoupeStore((state) => state.updateDebugSettings);
  const defaultFor = (tool: KnownTool): ToolApproval => (tool.mcp && !tool.readOnly ? 'ask' : 'auto');

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
      {approval.enabled && (
        <ul aria-label="Tool approval" className="space-y-1">
          {tools.length === 0 && <li className="text-xs text-zinc-500">Connect a server to set approval per tool.</li>}
          {tools.map((tool) => (
            <li key={tool.name} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-mono text-xs" title={tool.name}>
                {tool.name}
              </span>
              <select
                aria-label={`Approval for ${tool.name}`}
                className={`${inputClass} !w-24 !py-0.5 text-xs`}
                value={approval.tools[tool.name] ?? defaultFor(tool)}
                onChange={(event) =>
                  update({
                    approval: {
                      ...approval,
                      tools: { ...approval.tools, [tool.name]: event.target.value as ToolApproval },
                    },
                  })
                }
              >
                <option value="auto">auto</option>
                <option value="ask">ask</option>
                <option value="deny">deny</option>
              </select>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
