import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../../server/demo-server';
import type { McpHttpHandle } from '../../../server/serve-mcp-http';
import { createTaskRunContext, textOfOutput } from '../../../test/support/task-run-context';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import type { TrafficEntry } from '../../shared/traffic-entry';

// The offline demo server's `weather.outlook` runs as a task in both eras it serves.
describe.each([
  { era: '2025' as const, wire: 'legacy' },
  { era: '2026-07-28' as const, wire: 'modern' },
])('the demo server’s task tool on $era', ({ era, wire }) => {
  let server: McpHttpHandle;
  let connection: McpConnection;
  const traffic: TrafficEntry[] = [];
  // Days go by when the test says so; polls every 20 ms.
  let waiting: (() => void)[] = [];
  const release = () => {
    const now = waiting;
    waiting = [];
    for (const resolve of now) resolve();
  };
  beforeAll(async () => {
    const next = () => new Promise<void>((resolve) => waiting.push(resolve));
    server = await startDemoServer({ taskPacing: { next, pollMs: 20 } });
    connection = await connectMcpServer(
      { id: 'demo', name: 'demo', url: server.url, headers: {}, era },
      { toolTimeoutMs: 10_000, handlers: { onTraffic: (entry) => traffic.push(entry) } },
    );
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });
  const sent = (method: string) => traffic.filter((entry) => entry.direction === 'sent' && entry.method === method);
  const outlook = () => {
    const tool = connection.createTool('weather.outlook', 'weather_outlook');
    if (tool === undefined) throw new Error('weather.outlook is not listed');
    return tool;
  };

  it('keeps the existing tools and adds weather.outlook', () => {
    expect(connection.era).toBe(wire);
    expect(connection.listedTools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['weather.get', 'clothing.advise', 'weather.outlook']),
    );
  });

  it('runs as a task: working, each day as a status, then the outlook', async () => {
    const { context, reports, reported } = createTaskRunContext();
    const running = outlook().run({ city: 'Paris', days: 3 }, context);
    for (const day of [1, 2, 3]) {
      await reported(`Day ${day} of 3: Paris`);
      release();
    }
    const output = await running;
    expect(output.isError).not.toBe(true);
    expect(textOfOutput(output)).toMatch(/^Outlook for Paris:\nDay 1: -?\d+ °C, \w+\nDay 2: .+\nDay 3: .+$/);
    const messages = reports.map((report) => report.task?.message);
    expect(messages.slice(0, 3)).toEqual(['Day 1 of 3: Paris', 'Day 2 of 3: Paris', 'Day 3 of 3: Paris']);
    expect(reports.every((report) => report.task?.id === reports[0]?.task?.id)).toBe(true);
    expect(reports.at(-1)?.task?.status).toBe('completed');
    expect(sent('tasks/get').length).toBeGreaterThan(0);
    // The same city always gets the same outlook.
    const second = createTaskRunContext();
    const again = outlook().run({ city: 'Paris', days: 3 }, second.context);
    for (const day of [1, 2, 3]) {
      await second.reported(`Day ${day} of 3: Paris`);
      release();
    }
    expect(textOfOutput(await again)).toBe(textOfOutput(output));
  });

  it('stops on Stop: tasks/cancel, and the server says cancelled', async () => {
    const { context, controller, reported } = createTaskRunContext();
    const running = outlook().run({ city: 'Osaka', days: 7 }, context);
    await reported('Day 1 of 7: Osaka');
    release();
    await reported('Day 2 of 7: Osaka');
    controller.abort();
    await expect(running).rejects.toThrow();
    const cancel = sent('tasks/cancel').at(-1);
    expect(cancel).toBeDefined();
    const answer = traffic.find((entry) => entry.direction === 'received' && entry.id === cancel?.id);
    expect(answer?.message).not.toHaveProperty('error');
  });

  it('answers a city it cannot look up with an error result, no task', async () => {
    const output = await outlook().run({ city: '12345' }, createTaskRunContext().context);
    expect(output.isError).toBe(true);
    expect(textOfOutput(output)).toContain('Unknown city');
  });
});
