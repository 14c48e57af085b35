// Where a server's `notifications/message` goes: the server's own log, and the calls of that server running then.
import type { ToolRunContext } from '../../engine/tool/tool';
import type { McpClientHandlers } from './mcp-client-handlers';

type LogEntry = Parameters<NonNullable<McpClientHandlers['onLog']>>[0];

/**
 * The `onLog` handler of one connection: hands each entry to `serverLog` (the server's log), then to every call in
 * `runningCalls` as a line of its own log, prefixed with the entry's logger.
 */
export function routeServerLogs(
  serverLog: McpClientHandlers['onLog'],
  runningCalls: ReadonlySet<ToolRunContext>,
): (entry: LogEntry) => void {
  return (entry) => {
    serverLog?.(entry);
    const text = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
    const level = logLevelOf(entry.level);
    for (const context of runningCalls) context.log(level, entry.logger ? `${entry.logger}: ${text}` : text);
  };
}

/** The engine's four log levels from MCP's eight. */
function logLevelOf(level: string): 'debug' | 'info' | 'warning' | 'error' {
  if (level === 'debug' || level === 'info' || level === 'warning') return level;
  if (level === 'notice') return 'info';
  return 'error';
}
