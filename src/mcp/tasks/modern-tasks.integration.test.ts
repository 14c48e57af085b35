import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernTasksServer, type ModernTasksServerHandle } from '../../../test/servers/modern-tasks-server';
import { REAL_IO_WAIT } from '../../../test/support/real-io-wait';
import { createTaskRunContext, releaseEachStep, textOfOutput } from '../../../test/support/task-run-context';
import { connectMcpServer } from '../connection/connect-mcp-server';
import { type McpConnection } from '../connection/mcp-connection';
import type { ElicitationParams, SamplingParams } from '../server-requests/mcp-client-handlers';
import type { TrafficEntry } from '../../shared/traffic-entry';
import { SamplingDeclinedError } from '../server-requests/sampling-declined-error';

const EXTENSION = 'io.modelcontextprotocol/tasks';

describe('tools a 2026-07-28 server runs as tasks (the Tasks extension)', () => {
  let server: ModernTasksServerHandle;
  let connection: McpConnection;
  const traffic: TrafficEntry[] = [];
  const asked: ElicitationParams[] = [];
  const sampled: SamplingParams[] = [];
  const logs: unknown[] = [];
  let declineSampling = false;
  beforeAll(async () => {
    server = await startModernTasksServer({ pollIntervalMs: 50 });
    connection = await connectMcpServer(
      { id: 'm', name: 'm', url: server.url, headers: {}, era: '2026-07-28' },
      {
        toolTimeoutMs: 2_000,
        handlers: {
          onTraffic: (entry) => traffic.push(entry),
          onLog: (entry) => logs.push(entry),
          elicit: (params) => {
            asked.push(params);
            return Promise.resolve({ action: 'accept', content: { name: 'Ada' } });
          },
          sample: (params) => {
            sampled.push(params);
            if (declineSampling) return Promise.reject(new SamplingDeclinedError());
            return Promise.resolve({ role: 'assistant', content: { type: 'text', text: 'Old pond' }, model: 'mock' });
          },
        },
      },
    );
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  const sent = (method: string) => traffic.filter((entry) => entry.direction === 'sent' && entry.method === method);
  const run = (tool: string, input: Record<string, unknown> = {}, context = createTaskRunContext().context) =>
    connection.createTool(tool, tool)?.run(input, context);

  it('follows a task handle to its result, declaring the extension and showing each status', async () => {
    expect(connection.era).toBe('modern');
    const { context, reports, reported } = createTaskRunContext();
    const running = run('slow_report', { topic: 'tides', steps: 3 }, context);
    await releaseEachStep(reported, () => server.release(), 'tides', 3);
    const output = await running;
    expect(output?.isError).not.toBe(true);
    expect(textOfOutput(output)).toBe('Report on tides: 3 steps done.');

    const taskId = server.probe.created.at(-1);
    expect(reports.map((report) => report.task)).toEqual([
      { id: taskId, status: 'working', message: 'Step 1 of 3: tides' },
      { id: taskId, status: 'working', message: 'Step 2 of 3: tides' },
      { id: taskId, status: 'working', message: 'Step 3 of 3: tides' },
      { id: taskId, status: 'completed', message: 'Report ready' },
    ]);
    expect(reports.map((report) => report.progress)).toEqual([1, 2, 3, 4]);
    // The call declared the extension in its per-request capabilities; Loupe's own marker never left the client.
    const call = sent('tools/call').at(-1);
    const meta = (call?.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta ?? {};
    expect(meta['io.modelcontextprotocol/clientCapabilities']).toMatchObject({ extensions: { [EXTENSION]: {} } });
    expect(Object.keys(meta).filter((key) => key.startsWith('dev.loupe/'))).toEqual([]);
    // The protocol log shows the task's answer as the server sent it, and the polls like any 2026 request.
    const handle = traffic.find((entry) => entry.direction === 'received' && entry.id === call?.id);
    expect(handle?.message).toMatchObject({ result: { resultType: 'task', taskId } });
    const poll = sent('tasks/get').at(-1);
    expect(poll?.era).toBe('modern');
    expect(poll?.headers).toMatchObject({ 'Mcp-Method': 'tasks/get', 'Mcp-Name': taskId });
    expect(sent('tasks/result')).toHaveLength(0);
  });

  it('takes a direct answer as a plain result', async () => {
    expect(textOfOutput(await run('quick_echo', { text: 'hi' }))).toBe('echo: hi');
  });

  it('sends tasks/cancel when the call is stopped while the task works', async () => {
    const { context, reported, controller } = createTaskRunContext();
    const running = run('slow_report', { topic: 'cancel me', steps: 5 }, context);
    await reported('Step 1 of 5: cancel me');
    controller.abort(new Error('stopped by the person'));
    await expect(running).rejects.toThrow('stopped by the person');
    expect(server.probe.cancelled).toContain(server.probe.created.at(-1));
    const cancel = sent('tasks/cancel').at(-1);
    expect(cancel?.headers).toMatchObject({ 'Mcp-Method': 'tasks/cancel', 'Mcp-Name': server.probe.created.at(-1) });
    server.release();
  });

  it('applies the call’s timeout to a task that never ends, and cancels it', async () => {
    const { context, reports } = createTaskRunContext();
    const started = server.probe.polls;
    await expect(run('endless_job', {}, context)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(server.probe.polls).toBeGreaterThan(started);
    expect(reports).toHaveLength(1);
    expect(server.probe.cancelled).toContain(server.probe.created.at(-1));
  });

  it('says clearly when a task makes no sense, cancels it, and does not hang', async () => {
    await expect(run('bogus_task')).rejects.toThrow(
      'The server answered tools/call for bogus_task with a task Loupe cannot follow: its taskId 42 is not a task id.',
    );
    await expect(run('impostor_task')).rejects.toThrow(/answered tasks\/get for task [\w-]+ about another task/);
    expect(server.probe.cancelled).toContain(server.probe.created.at(-1));
    await expect(run('garbled_task')).rejects.toThrow(/its status "on fire" is none of working, input_required/);
    expect(server.probe.cancelled).toContain(server.probe.created.at(-1));
    await expect(run('lost_task')).rejects.toThrow(/^The server no longer knows task [\w-]+ of lost_task: .*not found/);
    await expect(run('stringly_task')).rejects.toThrow(/completed, but its result "just a string" is not an object/);
  });

  it('keeps a huge result within the result caps, and shows a failed task’s error', async () => {
    const huge = await run('huge_task');
    expect(textOfOutput(huge).length).toBeLessThan(1_100_000);
    expect(textOfOutput(huge)).toMatch(/^x{1000}/);
    const failed = await run('failing_task');
    expect(failed?.isError).toBe(true);
    expect(textOfOutput(failed)).toMatch(/^Task [\w-]+ failed \(-32603\): API rate limit exceeded$/);
  });

  it('answers an input_required task through tasks/update with the elicitation handler, asking once', async () => {
    const { context, reports } = createTaskRunContext();
    const running = run('ask_name', {}, context);
    await expect.poll(() => server.probe.updates.length, REAL_IO_WAIT).toBe(1);
    // The server still shows the question for a while: polls repeat it, and the person is not asked again.
    const polls = server.probe.polls;
    await expect.poll(() => server.probe.polls, REAL_IO_WAIT).toBeGreaterThan(polls + 1);
    server.release();
    expect(textOfOutput(await running)).toBe('Hello, Ada!');
    expect(asked).toEqual([
      {
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    ]);
    expect(server.probe.updates).toEqual([
      { taskId: server.probe.created.at(-1), inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } } },
    ]);
    expect(reports.map((report) => report.task?.status)).toEqual(['working', 'input_required', 'completed']);
    expect(sent('tasks/update').at(-1)?.headers).toMatchObject({ 'Mcp-Name': server.probe.created.at(-1) });
  });

  it('sends the answer to a question a hostile server named `__proto__` under that key', async () => {
    const { context, controller } = createTaskRunContext();
    const before = sent('tasks/update').length;
    // The task never ends and this test stops it: the connection's 2 s idle timeout, which a loaded machine can
    // reach before the stop, is not what it tests.
    const running = run('ask_name', { key: '__proto__' }, { ...context, deadline: { idleMs: 3_600_000 } });
    await expect.poll(() => sent('tasks/update').length, REAL_IO_WAIT).toBe(before + 1);
    // Written as an own key (not the answers' prototype), it reaches the wire; the SDK's server then drops it,
    // so the task never ends: stop it.
    const update = sent('tasks/update').at(-1)?.message as { params?: { inputResponses?: object } };
    expect(JSON.parse(JSON.stringify(update.params?.inputResponses))).toEqual(
      JSON.parse('{"__proto__":{"action":"accept","content":{"name":"Ada"}}}'),
    );
    controller.abort(new Error('stopped'));
    await expect(running).rejects.toThrow('stopped');
  });

  it('declines a URL-mode question through tasks/update without asking the person, and says so in the log', async () => {
    const askedBefore = asked.length;
    const output = await run('open_link');
    expect(output?.isError).not.toBe(true);
    expect(textOfOutput(output)).toBe('Link answer: decline.');
    expect(asked).toHaveLength(askedBefore);
    expect(server.probe.updates.at(-1)).toEqual({
      taskId: server.probe.created.at(-1),
      inputResponses: { link: { action: 'decline' } },
    });
    expect(logs.at(-1)).toMatchObject({ level: 'warning', logger: 'loupe' });
    const note = (logs.at(-1) as { data: string }).data;
    expect(note).toContain('declined a URL-mode elicitation from the task of open_link');
    expect(note).toContain('"https://weather.example/connect?state=abc"');
  });

  it('answers a sampling question with the sampling handler; a declined one ends the call and the task', async () => {
    expect(textOfOutput(await run('ask_model'))).toBe('The model said: Old pond');
    expect(sampled.at(-1)?.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'A haiku?' } }]);
    declineSampling = true;
    const declined = await run('ask_model');
    declineSampling = false;
    expect(declined).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: new SamplingDeclinedError().message }],
    });
    expect(server.probe.cancelled).toContain(server.probe.created.at(-1));
  });

  it('shows pushed statuses at once, ignores pushes for other tasks, and ends only on a polled result', async () => {
    const { context, reports, reported } = createTaskRunContext();
    const running = run('pushy_report', { topic: 'tides', steps: 2 }, context);
    await reported('Step 1 of 2: tides');
    const taskId = server.probe.created.at(-1);
    await expect.poll(() => server.probe.listens, REAL_IO_WAIT).toContainEqual([taskId]);
    // The server asks to be polled every minute (Loupe waits 10 s at most): only the push shows step 2 now.
    server.release();
    await reported('Pushed: Step 2 of 2: tides');
    server.release();
    const output = await running;
    expect(textOfOutput(output)).toBe('Report on tides: 2 steps done.');
    // The "completed" push without a result that came first, and the push about another task, ended nothing.
    const statuses = reports.map((report) => report.task?.status);
    expect(statuses.indexOf('completed')).toBe(statuses.length - 1);
    expect(reports.every((report) => report.task?.id === taskId)).toBe(true);
    const listen = sent('subscriptions/listen').at(-1)?.message as { params?: Record<string, unknown> } | undefined;
    expect(listen?.params).toMatchObject({
      notifications: { taskIds: [taskId] },
      _meta: { 'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXTENSION]: {} } } },
    });
  });
});
