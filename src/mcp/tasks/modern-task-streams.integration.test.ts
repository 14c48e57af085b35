import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REAL_IO_WAIT } from '../../../test/support/real-io-wait';
import { startModernTasksServer, type ModernTasksServerHandle } from '../../../test/servers/modern-tasks-server';
import { createTaskRunContext, textOfOutput } from '../../../test/support/task-run-context';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';

// A browser gives one origin six HTTP/1.1 connections: task status streams must leave room for the polls.
describe('task listen streams on a 2026-07-28 connection (at most 2 per client)', () => {
  let server: ModernTasksServerHandle;
  let connection: McpConnection;
  beforeAll(async () => {
    server = await startModernTasksServer({ pollIntervalMs: 50 });
    connection = await connectMcpServer(
      { id: 'm', name: 'm', url: server.url, headers: {}, era: '2026-07-28' },
      { toolTimeoutMs: 5_000 },
    );
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  const start = (topic: string) => {
    const { context, reported } = createTaskRunContext();
    const tool = connection.createTool('slow_report', 'slow_report');
    if (tool === undefined) throw new Error('slow_report is not listed');
    return { running: tool.run({ topic, steps: 2 }, context), reported };
  };

  it('opens at most 2 streams for 4 concurrent tasks, completes all 4 by polling, and closes every stream', async () => {
    const calls = ['a', 'b', 'c', 'd'].map((topic) => ({ topic, ...start(topic) }));
    // Every task is under way (each call has polled at least once) before any step moves on.
    await Promise.all(calls.map(({ topic, reported }) => reported(`Step 1 of 2: ${topic}`)));
    await vi.waitFor(() => expect(server.probe.listens.length).toBe(2), REAL_IO_WAIT);
    expect(server.probe.openListens).toBeLessThanOrEqual(2);
    server.release();
    await Promise.all(calls.map(({ topic, reported }) => reported(`Step 2 of 2: ${topic}`)));
    server.release();
    const outputs = await Promise.all(calls.map(({ running }) => running));
    expect(outputs.map((output) => textOfOutput(output))).toEqual(
      calls.map(({ topic }) => `Report on ${topic}: 2 steps done.`),
    );
    expect(server.probe.mostOpenListens).toBe(2);
    expect(server.probe.listens).toHaveLength(2);
    // Each stream listened for one task only, and for two different tasks of the four.
    const listened = server.probe.listens.map((ids) => ids.join());
    expect(new Set(listened).size).toBe(2);
    expect(listened.every((id) => server.probe.created.includes(id))).toBe(true);
    await vi.waitFor(() => expect(server.probe.openListens).toBe(0), REAL_IO_WAIT);
  });

  it('gives a later task a stream again once the earlier ones ended (the count is given back)', async () => {
    const before = server.probe.listens.length;
    const first = start('e');
    const second = start('f');
    await Promise.all([first.reported('Step 1 of 2: e'), second.reported('Step 1 of 2: f')]);
    await vi.waitFor(() => expect(server.probe.listens.length).toBe(before + 2), REAL_IO_WAIT);
    server.release();
    await Promise.all([first.reported('Step 2 of 2: e'), second.reported('Step 2 of 2: f')]);
    server.release();
    expect(textOfOutput(await first.running)).toBe('Report on e: 2 steps done.');
    expect(textOfOutput(await second.running)).toBe('Report on f: 2 steps done.');
    await vi.waitFor(() => expect(server.probe.openListens).toBe(0), REAL_IO_WAIT);
    expect(server.probe.mostOpenListens).toBe(2);
  });
});
