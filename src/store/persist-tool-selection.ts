// Tool overrides, switches and local tools in localStorage: they describe tools, never hold secrets.
import type { LocalToolDefinition, ToolOverride, ToolSelection } from '../protocol/tool-settings';
import { setOwn } from '../shared/own-keys';
import { readJson, writeItem } from './safe-storage';
import { isRecord } from '../shared/is-record';

export const TOOLS_KEY = 'loupe.tools';

function isLocalTool(value: unknown): value is LocalToolDefinition {
  return (
    isRecord(value) &&
    typeof value['id'] === 'string' &&
    typeof value['name'] === 'string' &&
    typeof value['description'] === 'string' &&
    isRecord(value['inputSchema']) &&
    isRecord(value['handler']) &&
    typeof value['handler']['kind'] === 'string'
  );
}

/** The stored selection, or undefined when none was stored; entries that do not parse are dropped. */
export function loadToolSelection(storage: Storage | undefined): ToolSelection | undefined {
  const stored = readJson(storage, TOOLS_KEY);
  if (!isRecord(stored)) return undefined;
  const overrides: Record<string, ToolOverride> = {};
  if (isRecord(stored['overrides'])) {
    for (const [key, value] of Object.entries(stored['overrides'])) {
      if (!isRecord(value)) continue;
      const override: ToolOverride = {};
      if (typeof value['name'] === 'string') override.name = value['name'];
      if (typeof value['description'] === 'string') override.description = value['description'];
      if (isRecord(value['inputSchema'])) override.inputSchema = value['inputSchema'];
      if (typeof value['timeoutMs'] === 'number' && value['timeoutMs'] > 0) override.timeoutMs = value['timeoutMs'];
      if (value['strict'] === true) override.strict = true;
      if (value['callableFromCode'] === true) override.callableFromCode = true;
      if (value['pinned'] === true) override.pinned = true;
      setOwn(overrides, key, override);
    }
  }
  const disabled = Array.isArray(stored['disabled'])
    ? stored['disabled'].filter((key): key is string => typeof key === 'string')
    : [];
  const localTools = Array.isArray(stored['localTools']) ? stored['localTools'].filter(isLocalTool) : [];
  if (!isRecord(stored['readOnly'])) return { overrides, disabled, localTools };
  const readOnly: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(stored['readOnly']))
    if (typeof value === 'boolean') setOwn(readOnly, key, value);
  return { overrides, disabled, localTools, readOnly };
}

export function saveToolSelection(storage: Storage | undefined, selection: ToolSelection): void {
  writeItem(storage, TOOLS_KEY, selection);
}
