import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { startFaultProxy, type FaultProxy } from '../../../test/support/fault-proxy';
import { startFaultServer, startResumableFaultServer } from '../../../test/servers/fault-server';
import type { ToolRunContext } from '../../engine/tool/tool';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import type { McpHealth } from './keep-mcp-session';
import { McpConnectionLostError } from '../connection/mcp-connection-error';

const eras = ['2025', '2026-07-28'] as const;

function contextWith(logs: string[] = []): ToolRunContext {
  return { signal: new AbortController().signal, onProgress: () => {}, log: (_level, text) => logs.push(text) };
}

/** Resolves with the error `promise` rejects with, or throws when it fulfils. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe.each(eras)('a connection lost during a call (era %s)', (era) => {
  let server: McpHttpHandle;
  let proxy: FaultProxy;
  let holds = 0;
  let onHold: () => void = () => {};
  let connection: McpConnection | undefined;
  const healths: McpHealth[] = [];
  /** The reconnect backoff's timers, fired by the test: nothing waits for real time. */
  const timers: (() => void)[] = [];
  /** Fires every timer due (the backoff's, and the SDK's own stream reconnects, which share the clock). */
  const fireTimers = () => {
    for (const run of timers.splice(0)) run();
  };

  beforeEach(async () => {
    holds = 0;
    healths.length = 0;
    timers.length = 0;
    server = await startFaultServer(() => {
      holds += 1;
      onHold();
    });
    proxy = await startFaultProxy(Number(new URL(server.url).port));
  });
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    await proxy.close();
    await server.close();
  });

  const connect = () =>
    connectMcpServer(
      { id: 'f', name: 'faulty', url: proxy.url('/mcp'), headers: {}, era },
      {
        onHealth: (health) => healths.push(health),
        toolTimeoutMs: 60_000,
        schedule: (run) => {
          timers.push(run);
          return () => {};
        },
      },
    );
  /** Starts `hold` and resolves its run once the server holds it (its answer stream has begun). */
  const holdCall = async (target: McpConnection, logs: string[] = []) => {
    const held = new Promise<void>((resolve) => {
      onHold = resolve;
    });
    const run = target.createTool('hold', 'hold')?.run({}, contextWith(logs));
    if (run === undefined) throw new Error('no hold tool');
    const settled = rejectionOf(run);
    await held;
    // Wrapped: an async function returning the promise itself would wait for it.
    return { settled };
  };

  it('fails the call at once with the reason, not a timeout, and every call in flight with it', async () => {
    connection = await connect();
    const first = await holdCall(connection);
    const second = await holdCall(connection);
    expect(holds).toBe(2);
    proxy.strike({ kind: 'cut' });
    const [one, two] = await Promise.all([first.settled, second.settled]);
    for (const error of [one, two]) {
      expect(error).toBeInstanceOf(McpConnectionLostError);
      expect((error as Error).message).toBe('Connection to `faulty` lost during the call: the server closed it.');
    }
  });

  it('says a reset in its own words', async () => {
    connection = await connect();
    const call = await holdCall(connection);
    proxy.strike({ kind: 'reset' });
    expect(((await call.settled) as Error).message).toMatch(/^Connection to `faulty` lost during the call: the /);
  });

  it('turns the status to reconnecting, unreachable while the server is down, and connected once it is back', async () => {
    connection = await connect();
    const call = await holdCall(connection);
    await proxy.down();
    expect(await call.settled).toBeInstanceOf(McpConnectionLostError);
    await expect.poll(() => healths.map((health) => health.status)).toEqual(['reconnecting', 'unreachable']);
    expect(healths[0]?.reason).toBe('Connection lost: the server closed it');
    expect(healths[1]).toMatchObject({
      reason: 'Could not reach the server: the server refused the connection',
      retryInMs: 500,
    });
    // The next attempt, while the server is still down: unreachable again, waiting twice as long.
    fireTimers();
    await expect.poll(() => healths.length).toBe(4);
    expect(healths.slice(2)).toMatchObject([{ status: 'reconnecting' }, { status: 'unreachable', retryInMs: 1_000 }]);
    await proxy.up();
    fireTimers();
    await expect.poll(() => healths.at(-1)?.status).toBe('connected');
    const echo = await connection.createTool('echo', 'echo')?.run({ text: 'back' }, contextWith());
    expect(JSON.stringify(echo?.content)).toContain('echo: back');
  });

  it('leaves calls to another server untouched', async () => {
    const other = await startFaultServer();
    const otherConnection = await connectMcpServer({ id: 'o', name: 'other', url: other.url, headers: {}, era });
    try {
      connection = await connect();
      const call = await holdCall(connection);
      proxy.strike({ kind: 'cut' });
      expect(await call.settled).toBeInstanceOf(McpConnectionLostError);
      const echo = await otherConnection.createTool('echo', 'echo')?.run({ text: 'fine' }, contextWith());
      expect(JSON.stringify(echo?.content)).toContain('echo: fine');
    } finally {
      await otherConnection.close();
      await other.close();
    }
  });
});

/** `server` behind a fault proxy, connected through it in the 2025 era. */
async function connectThroughProxy(server: { url: string }) {
  const proxy = await startFaultProxy(Number(new URL(server.url).port));
  const connection = await connectMcpServer({
    id: 'r',
    name: 'resumable',
    url: proxy.url('/mcp'),
    headers: {},
    era: '2025',
  });
  return { proxy, connection };
}

describe('a lost stream that carried event ids (2025, a server with an event store)', () => {
  it('is resumed with Last-Event-ID, says so on the call, and the call ends with its answer', async () => {
    const server = await startResumableFaultServer();
    const { proxy, connection } = await connectThroughProxy(server);
    try {
      const logs: string[] = [];
      // Cut once the server's first bytes of the answer (its log line, with an event id) came back.
      proxy.arm({ kind: 'cut' }, { match: '"name":"hold"', at: 'response' });
      const output = await connection.createTool('hold', 'hold')?.run({ releaseAfterMs: 600 }, contextWith(logs));
      expect(JSON.stringify(output?.content)).toContain('released');
      expect(logs).toEqual([
        'holding',
        'The connection was lost (the server closed it); resuming the stream…',
        'The stream was resumed from its last event; the call goes on.',
      ]);
    } finally {
      await connection.close();
      await proxy.close();
      await server.close();
    }
  });

  it('fails the call within 2 s when the server is gone and the stream cannot be resumed', async () => {
    let onHold = () => {};
    const holding = new Promise<void>((resolve) => {
      onHold = resolve;
    });
    const server = await startResumableFaultServer(() => onHold());
    const { proxy, connection } = await connectThroughProxy(server);
    try {
      const logs: string[] = [];
      const call = rejectionOf(connection.createTool('hold', 'hold')?.run({}, contextWith(logs)) ?? Promise.resolve());
      await holding;
      // The log line (with its event id) has reached the client: the stream can be resumed from it.
      await expect.poll(() => logs).toContain('holding');
      await proxy.down();
      const lostAt = Date.now();
      const error = await call;
      expect(Date.now() - lostAt).toBeLessThan(2_000);
      expect(error).toBeInstanceOf(McpConnectionLostError);
      expect((error as Error).message).toMatch(/^Connection to `resumable` lost during the call: the server closed it/);
      expect(logs).toContain('The connection was lost (the server closed it); resuming the stream…');
      expect(logs).not.toContain('The stream was resumed from its last event; the call goes on.');
    } finally {
      await connection.close();
      await proxy.close();
      await server.close();
    }
  });
});
