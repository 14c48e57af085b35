// The rows of the tools panel: every server tool and local tool with its key, what the model sees and its switch.
import type { ServerState } from '../../protocol/server-status';
import { isVisibleToModel } from '../../shared/mcp-tool-visibility';
import type { ServerConfig } from '../../protocol/settings';
import {
  localToolKey,
  mcpToolKey,
  type LocalToolDefinition,
  type ToolOverride,
  type ToolSelection,
} from '../../protocol/tool-settings';

/** Override fields set by a row's own checkboxes rather than by the edit dialog. */
const ROW_OPTIONS: ReadonlySet<string> = new Set(['strict', 'callableFromCode', 'pinned']);

export interface ToolDefinitionView {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ToolRow {
  key: string;
  /** What the model is shown, after any override. */
  shown: ToolDefinitionView;
  /** What the server sent (for MCP tools). */
  original?: ToolDefinitionView;
  edited: boolean;
  enabled: boolean;
  /** The person's override, kept whole so a checkbox changes one field of it (MCP tools). */
  override?: ToolOverride;
  local?: LocalToolDefinition;
}

export interface ToolGroup {
  id: string;
  label: string;
  rows: ToolRow[];
}

/** Groups by connected server (in the servers' order), then the local tools. */
export function collectToolRows(
  servers: readonly ServerConfig[],
  states: Record<string, ServerState>,
  selection: ToolSelection,
): ToolGroup[] {
  const disabled = new Set(selection.disabled);
  const groups: ToolGroup[] = servers.flatMap((server) => {
    const state = states[server.id];
    if (state?.status !== 'connected') return [];
    // App-only tools (MCP Apps `visibility: ["app"]`) never reach the model: they are not the model's to send.
    const rows = state.tools
      .filter((tool) => isVisibleToModel(tool.app))
      .map((tool): ToolRow => {
        const key = mcpToolKey(server.name, tool.originalName);
        const original = { name: tool.exposedName, description: tool.description, inputSchema: tool.inputSchema };
        const override = selection.overrides[key];
        const { name, description, inputSchema } = override ?? {};
        // Only what the model is shown; the override's other fields (timeout, strict, …) are not part of it.
        const shown = {
          ...original,
          ...(name === undefined ? {} : { name }),
          ...(description === undefined ? {} : { description }),
          ...(inputSchema === undefined ? {} : { inputSchema }),
        };
        return {
          key,
          original,
          shown,
          // Strict, callable from code and pin are checkboxes of their own, not an edit made in the dialog.
          edited: Object.keys(override ?? {}).some((field) => !ROW_OPTIONS.has(field)),
          enabled: !disabled.has(key),
          ...(override === undefined ? {} : { override }),
        };
      });
    return [{ id: server.id, label: server.name, rows }];
  });
  if (selection.localTools.length > 0) {
    groups.push({
      id: 'local',
      label: 'Local tools',
      rows: selection.localTools.map((tool) => ({
        key: localToolKey(tool.id),
        shown: { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
        edited: false,
        enabled: !disabled.has(localToolKey(tool.id)),
        local: tool,
      })),
    });
  }
  return groups;
}

/** Names the other enabled tools are shown under, which an edit of `key` must not take. */
export function namesTakenBesides(groups: readonly ToolGroup[], key: string | undefined): string[] {
  return groups.flatMap((group) =>
    group.rows.filter((row) => row.enabled && row.key !== key).map((row) => row.shown.name),
  );
}
