// The tools the approval list shows: every connected server's tool and every local tool, by the name the
// model sees, with the key its read-only mark is stored under and whether it is read-only (mark or hint).
import { useMemo } from 'react';
import { localToolKey, mcpToolKey } from '../../protocol/tool-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';

export interface ApprovalRow {
  name: string;
  key: string;
  mcp: boolean;
  /** The server's `readOnlyHint` (local tools: false). */
  hinted: boolean;
  /** The person's mark, if any: it wins over the hint. */
  marked?: boolean;
}

/** Read-only as the run will see it: the mark, else the hint. */
export function isReadOnly(row: ApprovalRow): boolean {
  return row.marked ?? row.hinted;
}

export function useApprovalRows(): ApprovalRow[] {
  const servers = useLoupeStore((state) => state.servers);
  const serverStates = useLoupeStore((state) => state.serverStates);
  const selection = useLoupeStore((state) => state.toolSelection);
  return useMemo(() => {
    const rows: ApprovalRow[] = [];
    const mark = (key: string): { marked?: boolean } => {
      const value = selection.readOnly?.[key];
      return value === undefined ? {} : { marked: value };
    };
    for (const server of servers) {
      const state = serverStates[server.id];
      if (state?.status !== 'connected') continue;
      for (const tool of state.tools) {
        const key = mcpToolKey(server.name, tool.originalName);
        const name = selection.overrides[key]?.name ?? tool.exposedName;
        rows.push({ name, key, mcp: true, hinted: tool.readOnly, ...mark(key) });
      }
    }
    for (const tool of selection.localTools) {
      const key = localToolKey(tool.id);
      rows.push({ name: tool.name, key, mcp: false, hinted: false, ...mark(key) });
    }
    return rows.sort((left, right) => left.name.localeCompare(right.name));
  }, [servers, serverStates, selection]);
}
