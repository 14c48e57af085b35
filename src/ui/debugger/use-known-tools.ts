// The tool names the person can pick from: connected servers' tools and the current run's tools.
import { useMemo } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';

export interface KnownTool {
  name: string;
  readOnly: boolean;
  mcp: boolean;
}

export function useKnownTools(): KnownTool[] {
  const serverStates = useLoupeStore((state) => state.serverStates);
  const runTools = useLoupeStore((state) => state.runView.toolNames);
  return useMemo(() => {
    const tools = new Map<string, KnownTool>();
    for (const state of Object.values(serverStates)) {
      for (const tool of state.tools)
        tools.set(tool.exposedName, { name: tool.exposedName, readOnly: tool.readOnly, mcp: true });
    }
    for (const name of runTools) if (!tools.has(name)) tools.set(name, { name, readOnly: false, mcp: false });
    return [...tools.values()].sort((left, right) => left.name.localeCompare(right.name));
  }, [serverStates, runTools]);
}
