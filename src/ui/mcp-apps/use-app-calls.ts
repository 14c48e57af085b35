// The calls one MCP App makes: refused unless the tool is marked for apps, held for Approve / Deny when
// the debugger would hold a model's call to it (approval "ask", or step mode), then run on the app's server.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerToolInfo } from '../../protocol/server-status';
import type { McpAppToolResult } from '../../protocol/mcp-app-messages';
import { isVisibleToApps } from '../../shared/mcp-tool-visibility';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { AppCall } from './app-call-list';

/** The text an app call's outcome shows: the result's text parts, or its structured content. */
function describeResult(result: McpAppToolResult): string {
  const texts = result.content.flatMap((block) => {
    const part = block as { type?: unknown; text?: unknown };
    return part.type === 'text' && typeof part.text === 'string' ? [part.text] : [];
  });
  return texts.length > 0 ? texts.join('\n') : JSON.stringify(result.structuredContent ?? null);
}

export function useAppCalls(serverId: string, appTool: ServerToolInfo) {
  const callAppTool = useLoupeStore((state) => state.callAppTool);
  const serverTools = useLoupeStore((state) => state.serverStates[serverId]?.tools);
  const debug = useLoupeStore((state) => state.debug.settings);
  const [calls, setCalls] = useState<AppCall[]>([]);
  const decisions = useRef(new Map<string, (approve: boolean) => void>());
  const seq = useRef(0);
  // Read when the app calls (the handler is made once per frame connection), so settings changed since count.
  const latest = useRef({ serverTools, debug });
  useEffect(() => {
    latest.current = { serverTools, debug };
  }, [serverTools, debug]);

  const update = (id: string, patch: Partial<AppCall>) =>
    setCalls((list) => list.map((call) => (call.id === id ? { ...call, ...patch } : call)));

  const callTool = useCallback(
    async (toolName: string, input: Record<string, unknown>): Promise<McpAppToolResult> => {
      const id = `${appTool.exposedName}-app-call-${++seq.current}`;
      const { serverTools: tools, debug: settings } = latest.current;
      const tool = tools?.find((candidate) => candidate.originalName === toolName);
      const refuse = (why: string): never => {
        setCalls((list) => [...list, { id, toolName, input, status: 'denied', outcome: why }]);
        throw new Error(why);
      };
      if (tool === undefined) return refuse(`This server has no tool "${toolName}".`);
      if (!isVisibleToApps(tool.app)) return refuse(`"${toolName}" is not marked for apps.`);
      const approval = settings.approval.enabled
        ? (settings.approval.tools[tool.exposedName] ?? (tool.readOnly ? 'auto' : 'ask'))
        : 'auto';
      if (approval === 'deny') return refuse(`Approval denies "${toolName}".`);
      const hold = approval === 'ask' || settings.stepMode;
      setCalls((list) => [...list, { id, toolName, input, status: hold ? 'held' : 'running' }]);
      if (hold) {
        const approved = await new Promise<boolean>((resolve) => decisions.current.set(id, resolve));
        decisions.current.delete(id);
        if (!approved) {
          update(id, { status: 'denied', outcome: 'Denied by you.' });
          throw new Error(`The person denied the call to "${toolName}".`);
        }
        update(id, { status: 'running' });
      }
      try {
        const result = await callAppTool(serverId, toolName, input);
        update(id, { status: result.isError === true ? 'error' : 'ok', outcome: describeResult(result) });
        return result;
      } catch (error) {
        update(id, { status: 'error', outcome: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
    [appTool.exposedName, callAppTool, serverId],
  );

  const decide = useCallback((id: string, approve: boolean) => decisions.current.get(id)?.(approve), []);
  return { calls, callTool, decide };
}
