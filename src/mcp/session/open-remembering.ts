// Opens an MCP session from the era remembered for its server, and remembers what the connection learnt.
import { UnauthorizedError } from '../sdk/mcp-sdk-client';
import { priorFor, type EraMemory } from './mcp-era';
import { McpConnectionError } from '../connection/mcp-connection-error';
import { openMcpSession, type McpSession, type OpenMcpSessionOptions } from './open-mcp-session';

/**
 * Opens a session starting from the era remembered for this server; remembers what it learnt. A remembered
 * era that no longer holds (the server was upgraded or replaced) is forgotten and the server probed afresh.
 * `fromMemory` says the session was adopted from memory: its first request is the real test of that memory.
 */
export async function openRemembering(
  url: URL,
  options: OpenMcpSessionOptions,
  memory: EraMemory | undefined,
  key: string,
): Promise<{ session: McpSession; fromMemory: boolean }> {
  const prior = priorFor(await memory?.recall(key), options.era ?? 'auto');
  let session: McpSession;
  let fromMemory = false;
  if (prior === undefined) session = await openMcpSession(url, options);
  else {
    try {
      session = await openMcpSession(url, { ...options, prior });
      fromMemory = true;
    } catch (error) {
      if (error instanceof McpConnectionError || error instanceof UnauthorizedError) throw error;
      memory?.forget(key);
      session = await openMcpSession(url, options);
    }
  }
  // A fallback forced by the worker's probe is not a verdict on the server: probe again next time.
  if (session.eraNote === undefined) memory?.remember(key, session.remembered);
  return { session, fromMemory };
}
