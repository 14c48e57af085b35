// A server's log message as a line of the call it is about.
import type { ToolRunContext } from '../../engine/tool/tool';
import type { ServerLogMessage } from './mcp-client-handlers';

/** Writes `entry` to `context`'s log: the engine's level for MCP's, the text prefixed with the entry's logger. */
export function writeCallLog(context: Pick<ToolRunContext, 'log'>, entry: ServerLogMessage): void {
  const text = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
  context.log(logLevelOf(entry.level), entry.logger ? `${entry.logger}: ${text}` : text);
}

/** The engine's four log levels from MCP's eight. */
function logLevelOf(level: string): 'debug' | 'info' | 'warning' | 'error' {
  if (level === 'debug' || level === 'info' || level === 'warning') return level;
  if (level === 'notice') return 'info';
  return 'error';
}
