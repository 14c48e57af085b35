import { afterEach, beforeEach, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../server/serve-mcp-http';
import { startFaultServer } from '../../test/servers/fault-server';
import { startFaultProxy, type FaultProxy } from '../../test/support/fault-proxy';
import { connectMcpServer } from '../mcp/connection/connect-mcp-server';
import type { ServerState } from '../protocol/server-status';
import type { ServerConfig } from '../protocol/settings';
import { ServerRegistry } from './server-registry';

let server: McpHttpHandle;
let proxy: FaultProxy;
let registry: ServerRegistry;
const states: ServerState[] = [];
const timers: (() => void)[] = [];

beforeEach(async () => {
  states.length = 0;
  timers.length = 0;
  server = await startFaultServer();
  proxy = await startFaultProxy(Number(new URL(server.url).port));
  registry = new ServerRegistry(
    (config, extras) =>
      connectMcpServer(config, {
        ...extras,
        schedule: (run) => {
          timers.push(run);
          return () => {};
        },
      }),
    (state) => states.push(state),
  );
});
afterEach(async () => {
  await registry.closeAll();
  await proxy.close();
  await server.close();
});

const config: ServerConfig = {
  id: 'f',
  name: 'faulty',
  url: '',
  headers: {},
  includeInstructions: true,
  era: '2025',
};

it('tells the UI a lost server is reconnecting, then unreachable with why, then connected again with its tools', async () => {
  registry.add({ ...config, url: proxy.url('/mcp') });
  await expect.poll(() => states.at(-1)?.status).toBe('connected');
  const tools = states.at(-1)?.tools.map((tool) => tool.exposedName);
  await proxy.down();
  await expect.poll(() => states.at(-1)?.status).toBe('unreachable');
  const lost = states.slice(states.findIndex((state) => state.status === 'reconnecting'));
  expect(lost[0]).toMatchObject({
    status: 'reconnecting',
    notice: 'Connection lost: the server closed it. Reconnecting…',
  });
  expect(lost.at(-1)).toMatchObject({
    status: 'unreachable',
    problem: {
      kind: 'unreachable',
      message: 'Could not reach the server: the server refused the connection.',
      hint: 'Loupe tries again by itself in 1 s; Reconnect tries now.',
    },
  });
  // The tools stay listed while the server is away: the run's calls to them fail at once, with the reason.
  expect(lost.at(-1)?.tools.map((tool) => tool.exposedName)).toEqual(tools);
  await proxy.up();
  for (const run of timers.splice(0)) run();
  await expect.poll(() => states.at(-1)?.status).toBe('connected');
  expect(states.at(-1)?.problem).toBeUndefined();
});
