import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasksServer, type TasksServerHandle } from '../../test/servers/tasks-server';
import { createTaskRunContext, textOfOutput } from '../../test/support/task-run-context';
import { connectMcpServer, type McpConnection } from './connect-mcp-server';
import type { TrafficEntry } from './record-transport';

const createContext = createTaskRunContext;
const textOf = textOfOutput;

describe('tools that run as MCP tasks (2025-11-25)', () => {
  let server: TasksServerHandle;
  let connection: McpConnection;
  const traffic: TrafficEntry[] = [];
  beforeAll(async () => {
    server = await startTasksServer({ pollIntervalMs: 50 });
    connection = await connectMcpServer(
      { id: 't', name: 't', url: server.url, headers: {} },
      { toolTimeoutMs: 2_000, handlers: { onTraffic: (entry) => traffic.push(entry) } },
    );
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  const sentCalls = (method: string) =>
    traffic.filter((entry) => entry.direction === 'sent' && entry.method === method).map((entry) => entry.message);

  it('asks for a task, polls it to completion and surfaces each status on the way', async () => {
    const { context, reports, reported } = createContext();
    const running = connection.createTool('slow_report', 'slow_report')?.run({ topic: 'tides', steps: 3 }, context);
    await reported('Step 1 of 3: tides');
    server.release();
    await reported('Step 2 of 3: tides');
    server.release();
    await reported('Step 3 of 3: tides');
    server.release();
    const output = await running;
    expect(output?.isError).not.toBe(true);
    expect(textOf(output)).toBe('Report on tides: 3 steps done.');

    const call = sentCalls('tools/call').at(-1) as { params?: { task?: { ttl?: number } } };
    expect(call.params?.task?.ttl).toBeGreaterThan(0);
    expect(sentCalls('tasks/get').length).toBeGreaterThanOrEqual(3);
    expect(sentCalls('tasks/result')).toHaveLength(1);
    const taskId = server.probe.created.at(-1);
    expect(reports.map((report) => report.task)).toEqual([
      { id: taskId, status: 'working', message: 'Step 1 of 3: tides' },
      { id: taskId, status: 'working', message: 'Step 2 of 3: tides' },
      { id: taskId, status: 'working', message: 'Step 3 of 3: tides' },
      { id: taskId, status: 'completed', message: 'Report ready' },
    ]);
    // Polls that change nothing are no progress: one report per change, numbered in order.
    expect(reports.map((report) => report.progress)).toEqual([1, 2, 3, 4]);
  });

  it('sends tasks/cancel when the call is stopped while the task works', async () => {
    const { context, reported, controller } = createContext();
    const running = connection.createTool('slow_report', 'slow_report')?.run({ topic: 'cancel me', steps: 5 }, context);
    await reported('Step 1 of 5: cancel me');
    controller.abort(new Error('stopped by the person'));
    await expect(running).rejects.toThrow('stopped by the person');
    const taskId = server.probe.created.at(-1);
    expect(server.probe.cancelled).toContain(taskId);
    server.release();
  });

  it('applies the call’s timeout to a task that never ends, and cancels it', async () => {
    const { context, reports } = createContext();
    const started = server.probe.polls;
    const running = connection.createTool('endless_job', 'endless_job')?.run({}, context);
    await expect(running).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(server.probe.polls).toBeGreaterThan(started);
    expect(reports).toHaveLength(1);
    expect(server.probe.cancelled).toContain(server.probe.created.at(-1));
  });

  it('says clearly when a server’s task makes no sense, and does not hang', async () => {
    const bogus = connection.createTool('bogus_task', 'bogus_task')?.run({}, createContext().context);
    await expect(bogus).rejects.toThrow(
      'The server answered tools/call for bogus_task with a task Loupe cannot follow: its taskId 42 is not a task id.',
    );
    const lost = connection.createTool('lost_task', 'lost_task')?.run({}, createContext().context);
    await expect(lost).rejects.toThrow(/^The server no longer knows task [\w-]+ of lost_task: .*Unknown task/);
    const garbled = connection.createTool('garbled_task', 'garbled_task')?.run({}, createContext().context);
    await expect(garbled).rejects.toThrow(
      'The server answered tasks/get for garbled_task with a task Loupe cannot follow: its status "on fire" is none of working, input_required, completed, failed, cancelled.',
    );
    // Each task Loupe gave up on while the server still ran it was cancelled.
    expect(server.probe.cancelled).toContain(server.probe.created.at(-1));
  });
});
