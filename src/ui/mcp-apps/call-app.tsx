// The app of a finished tool call, when its tool names a `ui://` page (`_meta.ui.resourceUri`).
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { ToolCallView } from '../../store/run-view';
import type { ServerState } from '../../protocol/server-status';
import { lazy, Suspense } from 'react';

// The extension's host bridge (and the MCP protocol code under it) loads with the first app, as its own chunk.
const McpAppFrame = lazy(() => import('./mcp-app-frame').then((module) => ({ default: module.McpAppFrame })));

/** Statuses whose result the app can show (a call that never ran has nothing to render). */
const shown = new Set(['ok', 'tool-error', 'truncated']);

/** The connected server whose listing has the tool the model called by `exposedName`, with an app page. */
function findAppTool(servers: Record<string, ServerState>, exposedName: string) {
  for (const server of Object.values(servers)) {
    if (server.status !== 'connected') continue;
    const tool = server.tools.find((candidate) => candidate.exposedName === exposedName);
    if (tool?.app?.resourceUri !== undefined) return { serverId: server.serverId, tool };
  }
  return undefined;
}

export function CallApp({ call }: { call: ToolCallView }) {
  // Two selections of values the store keeps (a string and a listing object), so renders stay stable.
  const serverId = useLoupeStore((state) => findAppTool(state.serverStates, call.name)?.serverId);
  const tool = useLoupeStore((state) => findAppTool(state.serverStates, call.name)?.tool);
  const uri = tool?.app?.resourceUri;
  if (serverId === undefined || tool === undefined || uri === undefined || !shown.has(call.status)) return null;
  return (
    <Suspense fallback={<p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400 italic">Loading the app…</p>}>
      <McpAppFrame call={call} serverId={serverId} resourceUri={uri} />
    </Suspense>
  );
}
