// The override layer: turns the servers' tools into the tools a run sends, after the person's choices.
import type { Tool } from '../engine/tool/tool';
import { checkToolDefinition } from '../protocol/check-tool-definition';
import { localToolKey, mcpToolKey, type LocalToolDefinition, type ToolSelection } from '../protocol/tool-settings';

/** The key a tool's override and switch are stored under, or undefined for tools that cannot have one. */
export function toolKeyOf(tool: Tool): string | undefined {
  return tool.origin.kind === 'mcp' ? mcpToolKey(tool.origin.serverName, tool.origin.toolName) : undefined;
}

export interface AppliedToolSelection {
  tools: Tool[];
  /** Overrides or local tools left out, and why; the run goes on without them. */
  problems: string[];
}

/**
 * Applies `selection` to `serverTools`: drops disabled tools, puts each valid override over what the server
 * sent (an invalid one is never applied — the server's definition stays), then appends the enabled local
 * tools built by `createLocalTool`. Overridden MCP tools are still called with the server's own name.
 */
export function applyToolSelection(
  serverTools: readonly Tool[],
  selection: ToolSelection | undefined,
  createLocalTool: (definition: LocalToolDefinition) => Tool,
): AppliedToolSelection {
  if (selection === undefined) return { tools: [...serverTools], problems: [] };
  const disabled = new Set(selection.disabled);
  const problems: string[] = [];
  const enabled = serverTools.filter((tool) => !disabled.has(toolKeyOf(tool) ?? ''));
  const taken = enabled.map((tool) => tool.name);
  const tools = enabled.map((tool, index) => {
    const key = toolKeyOf(tool);
    const override = key === undefined ? undefined : selection.overrides[key];
    if (override === undefined) return markReadOnly(tool, selection.readOnly?.[key ?? '']);
    const timed = withCallOptions(
      markReadOnly(withTimeout(tool, override.timeoutMs), selection.readOnly?.[key ?? '']),
      override,
    );
    if (override.name === undefined && override.description === undefined && override.inputSchema === undefined)
      return timed;
    const next = {
      name: override.name ?? tool.name,
      description: override.description ?? tool.description,
      inputSchema: override.inputSchema ?? tool.inputSchema,
    };
    const others = taken.filter((_, other) => other !== index);
    const found = checkToolDefinition(next, others);
    if (found.length > 0) {
      problems.push(`The edit of ${tool.name} was not applied: ${found.join(' ')}`);
      return timed;
    }
    taken[index] = next.name;
    return { ...timed, ...next };
  });
  for (const definition of selection.localTools) {
    if (disabled.has(localToolKey(definition.id))) continue;
    const found = checkToolDefinition(definition, taken);
    if (found.length > 0) {
      problems.push(`The local tool ${definition.name} was left out: ${found.join(' ')}`);
      continue;
    }
    taken.push(definition.name);
    tools.push(markReadOnly(createLocalTool(definition), selection.readOnly?.[localToolKey(definition.id)]));
  }
  return { tools, problems };
}

/** `tool` with the person's own timeout (source `tool`); a missing or unusable value keeps the tool as it is. */
function withTimeout(tool: Tool, timeoutMs: number | undefined): Tool {
  if (timeoutMs === undefined || !Number.isFinite(timeoutMs) || timeoutMs <= 0) return tool;
  return { ...tool, timeoutMs: Math.floor(timeoutMs), timeoutSource: 'tool' };
}

/** `tool` sent strict, callable from code and/or pinned when the person said so (the Tools tab's checkboxes). */
function withCallOptions(
  tool: Tool,
  override: { strict?: boolean; callableFromCode?: boolean; pinned?: boolean },
): Tool {
  return {
    ...tool,
    ...(override.strict === true ? { strict: true } : {}),
    ...(override.callableFromCode === true ? { callableFromCode: true } : {}),
    ...(override.pinned === true ? { pinned: true } : {}),
  };
}

/** `tool` with the person's read-only mark over the server's hint; no mark keeps the tool as it is. */
function markReadOnly(tool: Tool, readOnly: boolean | undefined): Tool {
  if (readOnly === undefined) return tool;
  return { ...tool, annotations: { ...tool.annotations, readOnlyHint: readOnly } };
}
