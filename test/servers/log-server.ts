// A test MCP server whose tool logs while it works, in both eras on one URL, so tests can run calls side by side:
// `work` logs that it started, waits until every call expected has started (and, when asked, until the test
// releases it), then logs that it is done. On the 2025 leg it can also log on no request's stream: a line about
// nothing, or one naming the call's progress token.
import { McpServer as LegacyMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';

/** A started log server, and the hold its `work` calls wait behind. */
export interface LogServerHandle extends McpHttpHandle {
  /** How many `work` calls must have started before any goes on (default 2; counted again for each batch). */
  expect(calls: number): void;
  /** Lets `work` calls made with `hold: true` finish. */
  release(): void;
}

interface Gate {
  started: number;
  expected: number;
  onStarted: (() => void)[];
  held: Promise<void>;
  release: () => void;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

function createGate(): Gate {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { started: 0, expected: 2, onStarted: [], held, release };
}

/** Counts this call as started and resolves once `expected` calls have; the next call starts a new batch. */
function allStarted(gate: Gate): Promise<void> {
  gate.started += 1;
  if (gate.started < gate.expected) return new Promise((resolve) => gate.onStarted.push(resolve));
  gate.started = 0;
  for (const wake of gate.onStarted.splice(0)) wake();
  return Promise.resolve();
}

const workInput = {
  name: z.string(),
  hold: z.boolean().optional(),
  aside: z.enum(['none', 'unrelated', 'named']).optional(),
};

function createLegacyLogServer(gate: Gate): LegacyMcpServer {
  const server = new LegacyMcpServer({ name: 'logs', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('work', { description: 'Logs while it works.', inputSchema: workInput }, async (input, extra) => {
    // On the call's own response stream, as the SDK sends what a handler says about its request.
    const log = (data: string) =>
      extra.sendNotification({ method: 'notifications/message', params: { level: 'info', logger: 'work', data } });
    // On the standalone stream: no request's own (no related request id).
    const aside = (data: string, meta?: Record<string, unknown>) =>
      server.server.notification({
        method: 'notifications/message',
        params: { level: 'info', data, ...(meta === undefined ? {} : { _meta: meta }) },
      });
    await log(`${input.name} started`);
    if (input.aside === 'unrelated') await aside(`about no call (sent while ${input.name} ran)`);
    if (input.aside === 'named') await aside(`${input.name} named`, { progressToken: extra._meta?.progressToken });
    await allStarted(gate);
    if (input.hold === true) await gate.held;
    await log(`${input.name} done`);
    return text(`${input.name} worked`);
  });
  return server;
}

function createModernLogServer(gate: Gate): McpServer {
  const server = new McpServer({ name: 'logs', version: '2.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'work',
    { description: 'Logs while it works.', inputSchema: z.object(workInput) },
    async ({ name, hold }, context) => {
      await context.mcpReq.log('info', `${name} started`, 'work');
      await allStarted(gate);
      if (hold === true) await gate.held;
      await context.mcpReq.log('info', `${name} done`, 'work');
      return text(`${name} worked`);
    },
  );
  return server;
}

/** Serves both eras on 127.0.0.1 (port 0 = a free one); every session and request shares one gate. */
export async function startLogServer(options: Omit<ServeMcpHttpOptions, 'modern'> = {}): Promise<LogServerHandle> {
  const gate = createGate();
  const handle = await serveMcpHttp(() => createLegacyLogServer(gate), {
    ...options,
    modern: () => createModernLogServer(gate),
  });
  return {
    ...handle,
    expect: (calls) => {
      gate.expected = calls;
    },
    release: () => gate.release(),
  };
}
