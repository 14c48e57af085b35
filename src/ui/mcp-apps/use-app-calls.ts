// The calls one MCP App makes: sent to the worker, which logs each in the run of the call that opened the app
// (its round, the debugger's pauses and approval, the transcript) and refuses what an app may not call.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { McpAppToolResult } from '../../protocol/mcp-app-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { LoupeState } from '../../store/loupe-state';
import type { AppCallView, RoundView } from '../../store/run-view';

const none: AppCallView[] = [];

/** The round holding tool call `callId` (a stable object between unrelated updates). */
function roundOf(state: LoupeState, callId: string): RoundView | undefined {
  return state.runView.rounds.find((round) => round.toolCalls.some((call) => call.callId === callId));
}

/** The app of tool call `appOf` on server `serverId`: its calls (from the run's log) and how it makes one. */
export function useAppCalls(serverId: string, appOf: string, appName: string) {
  const callAppTool = useLoupeStore((state) => state.callAppTool);
  const runId = useLoupeStore((state) => state.runView.runId);
  const roundCalls = useLoupeStore((state) => roundOf(state, appOf)?.appCalls ?? none);
  const notices = useLoupeStore((state) => roundOf(state, appOf)?.notices);
  // Read when the app calls: the bridge's handler is made once per frame connection.
  const run = useRef(runId);
  useEffect(() => {
    run.current = runId;
  }, [runId]);

  const callTool = useCallback(
    (toolName: string, input: Record<string, unknown>): Promise<McpAppToolResult> => {
      if (run.current === null) return Promise.reject(new Error('The app has no run to call tools in.'));
      return callAppTool(serverId, { runId: run.current, appOf }, toolName, input);
    },
    [callAppTool, serverId, appOf],
  );
  const calls = useMemo(() => roundCalls.filter((call) => call.appOf === appOf), [roundCalls, appOf]);
  const notice = notices?.find((text) => text.startsWith(`The app of ${appName} made`));
  return { calls, callTool, notice };
}
