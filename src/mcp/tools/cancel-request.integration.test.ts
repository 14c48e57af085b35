// Stop during a slow call, in both eras: 2026-07-28 cancels by closing the request's stream, 2025 by notification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import type { WaitEvent } from '../../../test/servers/modern-server';
import { startWaitServer } from '../../../test/servers/wait-server';
import { connectMcpServer } from '../connection/connect-mcp-server';
import type { TrafficEntry } from '../../shared/traffic-entry';

describe('cancelling a running tools/call', () => {
  let server: McpHttpHandle;
  const events: WaitEvent[] = [];
  const waiters: { event: WaitEvent; resolve: () => void }[] = [];
  beforeAll(async () => {
    server = await startWaitServer((event) => {
      events.push(event);
      for (const waiter of waiters.filter((entry) => entry.event === event)) waiter.resolve();
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Resolves once the server's `wait` tool has reported `event` `count` times in all. */
  const serverSaw = (event: WaitEvent, count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (events.filter((seen) => seen === event).length >= count) resolve();
        else waiters.push({ event, resolve: check });
      };
      check();
    });

  const stopDuringWait = async (era: '2026-07-28' | '2025') => {
    const traffic: TrafficEntry[] = [];
    const connection = await connectMcpServer(
      { id: era, name: era, url: server.url, headers: {}, era },
      { handlers: { onTraffic: (entry) => traffic.push(entry) } },
    );
    const started = events.filter((event) => event === 'started').length;
    const aborted = events.filter((event) => event === 'aborted').length;
    try {
      const stop = new AbortController();
      const call = connection
        .createTool('wait', 'wait')
        ?.run({}, { signal: stop.signal, onProgress: () => {}, log: () => {} });
      await serverSaw('started', started + 1);
      stop.abort(new Error('Stopped by the person'));
      await expect(call).rejects.toThrow();
      // The server's handler hears the cancel: its abort signal fires.
      await serverSaw('aborted', aborted + 1);
      return { connection, traffic };
    } finally {
      await connection.close();
    }
  };

  const cancelNotifications = (traffic: TrafficEntry[]) =>
    traffic.filter((entry) => entry.direction === 'sent' && entry.method === 'notifications/cancelled');

  it('closes the request stream on 2026-07-28 and sends no notifications/cancelled', async () => {
    const { connection, traffic } = await stopDuringWait('2026-07-28');
    expect(connection.era).toBe('modern');
    expect(cancelNotifications(traffic)).toEqual([]);
  });

  it('still sends notifications/cancelled on a 2025-era connection', async () => {
    const { connection, traffic } = await stopDuringWait('2025');
    expect(connection.era).toBe('legacy');
    const sent = cancelNotifications(traffic);
    expect(sent).toHaveLength(1);
    const call = traffic.find((entry) => entry.direction === 'sent' && entry.method === 'tools/call');
    expect((sent[0]?.message as { params?: { requestId?: unknown } }).params?.requestId).toBe(call?.id);
  });
});
