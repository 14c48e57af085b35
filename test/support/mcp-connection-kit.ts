// Test support for the MCP client's integration tests: a server connected for a whole suite, a tool found by its
// exposed name, and the context a tool call runs in.
import { afterAll, beforeAll } from 'vitest';
import type { Tool, ToolRunContext } from '../../src/engine/tool/tool';
import { connectMcpServer } from '../../src/mcp/connection/connect-mcp-server';
import type { McpConnection } from '../../src/mcp/connection/mcp-connection';

/** What a tool call runs with: `signal`, progress updates pushed to `progress`, logs dropped. */
export function toolRunContext(signal = new AbortController().signal, progress: unknown[] = []): ToolRunContext {
  return { signal, onProgress: (update) => progress.push(update), log: () => {} };
}

/** The tool `connection` exposes as `name`; throws when there is none. */
export function toolNamed(connection: McpConnection, name: string): Tool {
  const tool = connection.tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}

/** A started server and the connection to it; read them inside a test (they are set before the suite's first). */
export interface ConnectedServer<Handle> {
  server: Handle;
  connection: McpConnection;
}

/**
 * Registers hooks that start a server with `start` and connect to it as `name` (id `id`) before the suite, and
 * close both after it.
 */
export function useConnectedServer<Handle extends { url: string; close(): Promise<void> }>(
  start: () => Promise<Handle>,
  { id, name }: { id: string; name: string },
): ConnectedServer<Handle> {
  const connected = {} as ConnectedServer<Handle>;
  beforeAll(async () => {
    connected.server = await start();
    connected.connection = await connectMcpServer({ id, name, url: connected.server.url, headers: {} });
  });
  afterAll(async () => {
    await connected.connection.close();
    await connected.server.close();
  });
  return connected;
}
