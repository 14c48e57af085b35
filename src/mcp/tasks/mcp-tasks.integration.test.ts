import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasksServer, type TasksServerHandle } from '../../../test/servers/tasks-server';
import { createTaskRunContext, releaseEachStep, textOfOutput } from '../../../test/support/task-run-context';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import type { ElicitationParams } from '../server-requests/mcp-client-handlers';
import type { TrafficEntry } from '../../shared/traffic-entry';

const createContext = createTaskRunContext;
const textOf = textOfOutput;

describe('tools that run as MCP tasks (2025-11-25)', () => {
  let server: TasksServerHandle;
  let connection: McpConnection;
  const traffic: TrafficEntry[] = [];
  const asked: ElicitationParams[] = [];
  beforeAll(async () => {
    server = await startTasksServer({ pollIntervalMs: 50 });
    connection = await connectMcpServer(
      { id: 't', name: 't', url: server.url, headers: {} },
      {
        toolTimeoutMs: 2_000,
        handlers: {
          onTraffic: (entry) => traffic.push(entry),
          elicit: (params) => {
            asked.push(params);
            return Promise.resolve({ action: 'accept', content: { name: 'Ada' } });
          },
        },
      },
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
    await releaseEachStep(reported, () => server.release(), 'tides', 3);
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

  it('answers a task that needs input through tasks/result, with the elicitation handler', async () => {
    const { context, reports } = createContext();
    const output = await connection.createTool('ask_name', 'ask_name')?.run({}, context);
    expect(textOf(output)).toBe('Hello, Ada!');
    expect(asked).toEqual([
      {
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    ]);
    expect(reports.map((report) => report.task?.status)).toContain('input_required');
    // The question came on the side of tasks/result and was answered there.
    const question = traffic.find((entry) => entry.direction === 'received' && entry.method === 'elicitation/create');
    expect(question?.kind).toBe('request');
    expect(sentCalls('tasks/result').length).toBeGreaterThanOrEqual(1);
  });

  it('shows notifications/tasks/status pushes at once; the outcome still comes from polling', async () => {
    const { context, reports, reported } = createContext();
    const running = connection.createTool('pushy_report', 'pushy_report')?.run({ topic: 'tides', steps: 2 }, context);
    await reported('Step 1 of 2: tides');
    server.release();
    // The server asks to be polled every minute (Loupe waits 10 s at most): only the push shows step 2 now.
    await reported('Pushed: Step 2 of 2: tides');
    server.release();
    expect(textOf(await running)).toBe('Report on tides: 2 steps done.');
    expect(reports.at(-1)?.task?.status).toBe('completed');
  });
});
