// A 2025-11-25 test MCP server (SDK) whose long tools run as tasks (MCP Tasks): tools/call with `params.task`
// answers a task at once, tasks/get reports it, tasks/result hands over its result (asking its elicitation
// question on the side first, for a task that needs input), tasks/cancel stops it, and `notifications/tasks/status`
// pushes a pushy task's steps. Also hostile tasks: one that never ends, one with a bogus id and status, one the server forgets, one whose status
// turns to garbage. Steps advance on `release()` (tests) or every `stepMs` (by hand, end to end).
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Protocol, type RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  CancelTaskRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListToolsRequestSchema,
  ElicitResultSchema,
  McpError,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';
import { createStepPacing, type Pacing } from './step-pacing';

/** What the server saw, for tests to read after the fact. */
export interface TasksServerProbe {
  /** Ids of the tasks it created, in order. */
  created: string[];
  /** Ids of the tasks a client cancelled with tasks/cancel. */
  cancelled: string[];
  /** How many tasks/get requests it answered. */
  polls: number;
}

interface TaskRecord {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage: string;
  ttl: number;
  createdAt: string;
  lastUpdatedAt: string;
  pollInterval: number;
  result?: unknown;
  /** Pushes each change as `notifications/tasks/status`, saying `Pushed: …` where polls say the message. */
  pushes?: boolean;
  done: Promise<void>;
  finish: () => void;
}

const text = (value: string) => ({ type: 'text' as const, text: value });

const tools: Tool[] = [
  {
    name: 'slow_report',
    description: 'Writes a report in a few slow steps; runs as a task when the client asks.',
    inputSchema: {
      type: 'object',
      properties: { topic: { type: 'string' }, steps: { type: 'integer', minimum: 1, maximum: 10 } },
    },
    execution: { taskSupport: 'optional' },
  },
  {
    name: 'pushy_report',
    description: 'Like slow_report, but asks to be polled rarely and pushes its steps (notifications/tasks/status).',
    inputSchema: { type: 'object', properties: { topic: { type: 'string' }, steps: { type: 'integer' } } },
    execution: { taskSupport: 'required' },
  },
  {
    name: 'ask_name',
    description: 'A task that needs the person’s name: tasks/result asks for it (elicitation), then greets them.',
    inputSchema: { type: 'object', properties: {} },
    execution: { taskSupport: 'required' },
  },
  {
    name: 'endless_job',
    description: 'A task that says it is working, for ever.',
    inputSchema: { type: 'object', properties: {} },
    execution: { taskSupport: 'required' },
  },
  {
    name: 'bogus_task',
    description: 'Answers with a task whose id is a number and whose status is no status.',
    inputSchema: { type: 'object', properties: {} },
    execution: { taskSupport: 'required' },
  },
  {
    name: 'lost_task',
    description: 'Creates a task, then no longer knows it.',
    inputSchema: { type: 'object', properties: {} },
    execution: { taskSupport: 'required' },
  },
  {
    name: 'garbled_task',
    description: 'Creates a task whose status then turns to garbage.',
    inputSchema: { type: 'object', properties: {} },
    execution: { taskSupport: 'required' },
  },
];

/** Sets a handler without the SDK's own result validation, so hostile answers go out as they are. */
function setRawHandler(
  server: McpServer,
  schema: unknown,
  handler: (request: never, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => unknown,
): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the server as `this`
  const base = Protocol.prototype.setRequestHandler as unknown as (
    this: unknown,
    schema: unknown,
    handler: (request: never, extra: never) => unknown,
  ) => void;
  base.call(server.server, schema, handler);
}

const wire = (task: TaskRecord) => ({
  taskId: task.taskId,
  status: task.status,
  statusMessage: task.statusMessage,
  ttl: task.ttl,
  createdAt: task.createdAt,
  lastUpdatedAt: task.lastUpdatedAt,
  pollInterval: task.pollInterval,
});

/** A new tasks server for one session; `probe` is shared by every session. */
export function createTasksMcpServer(probe: TasksServerProbe, pacing: Pacing, pollIntervalMs: number): McpServer {
  const server = new McpServer({ name: 'tasks-test', version: '1.0.0' });
  server.server.registerCapabilities({
    tools: {},
    tasks: { cancel: {}, requests: { tools: { call: {} } } },
  });
  const tasks = new Map<string, TaskRecord>();
  // Tasks whose tasks/get answers a status that is none.
  const garbled = new Set<string>();
  const update = (task: TaskRecord, status: TaskRecord['status'], statusMessage: string, result?: unknown) => {
    if (task.status === 'cancelled' || task.status === 'completed' || task.status === 'failed') return;
    task.status = status;
    task.statusMessage = statusMessage;
    task.lastUpdatedAt = new Date().toISOString();
    if (result !== undefined) task.result = result;
    if (status !== 'working' && status !== 'input_required') task.finish();
    if (task.pushes === true)
      void server.server
        .notification({
          method: 'notifications/tasks/status',
          params: { ...wire(task), statusMessage: `Pushed: ${statusMessage}` },
        })
        .catch(() => {});
  };
  const createTask = (ttl: number | undefined, statusMessage: string): TaskRecord => {
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const now = new Date().toISOString();
    const task: TaskRecord = {
      taskId: randomUUID(),
      status: 'working',
      statusMessage,
      ttl: ttl ?? 60_000,
      createdAt: now,
      lastUpdatedAt: now,
      pollInterval: pollIntervalMs,
      done,
      finish,
    };
    tasks.set(task.taskId, task);
    probe.created.push(task.taskId);
    return task;
  };
  const writeReport = async (task: TaskRecord | undefined, topic: string, steps: number) => {
    for (let step = 1; step <= steps; step += 1) {
      if (task !== undefined) update(task, 'working', `Step ${step} of ${steps}: ${topic}`);
      await pacing.next();
      if (task?.status === 'cancelled') return undefined;
    }
    const result = { content: [text(`Report on ${topic}: ${steps} steps done.`)] };
    if (task !== undefined) update(task, 'completed', 'Report ready', result);
    return result;
  };

  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  setRawHandler(
    server,
    CallToolRequestSchema,
    async (request: { params: { name: string; arguments?: Record<string, unknown>; task?: { ttl?: number } } }) => {
      const { name, arguments: args = {}, task: asTask } = request.params;
      if (name === 'slow_report' || (name === 'pushy_report' && asTask !== undefined)) {
        const topic = typeof args['topic'] === 'string' ? args['topic'] : 'tides';
        const steps = typeof args['steps'] === 'number' ? Math.min(10, Math.max(1, Math.floor(args['steps']))) : 3;
        if (asTask === undefined) return writeReport(undefined, topic, steps);
        const task = createTask(asTask.ttl, `Step 1 of ${steps}: ${topic}`);
        // pushy_report asks to be polled every minute (Loupe waits 10 s at most): its pushes show steps sooner.
        if (name === 'pushy_report') Object.assign(task, { pushes: true, pollInterval: 60_000 });
        void writeReport(task, topic, steps);
        return { task: wire(task) };
      }
      if (asTask === undefined)
        throw new McpError(-32601, `Tool ${name} runs as a task only: call it with params.task.`);
      if (name === 'bogus_task') return { task: { taskId: 42, status: 'exploded' } };
      const task = createTask(asTask.ttl, name === 'endless_job' ? 'Still working' : 'Starting');
      if (name === 'lost_task') tasks.delete(task.taskId);
      if (name === 'ask_name') update(task, 'input_required', 'Waiting for a name');
      if (name === 'garbled_task') garbled.add(task.taskId);
      return { task: wire(task) };
    },
  );
  const known = (taskId: string) => {
    const task = tasks.get(taskId);
    if (task === undefined) throw new McpError(-32602, `Unknown task: ${taskId}`);
    return task;
  };
  setRawHandler(server, GetTaskRequestSchema, (request: { params: { taskId: string } }) => {
    probe.polls += 1;
    const task = known(request.params.taskId);
    return garbled.has(task.taskId) ? { ...wire(task), status: 'on fire' } : wire(task);
  });
  setRawHandler(server, GetTaskPayloadRequestSchema, async (request: { params: { taskId: string } }, extra) => {
    const task = known(request.params.taskId);
    if (task.status === 'input_required') {
      // The 2025-11-25 way: the question goes to the client on the side of tasks/result, which then waits.
      const answer = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message: 'What is your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
        ElicitResultSchema,
      );
      const said = answer.action === 'accept' ? `Hello, ${String(answer.content?.['name'])}!` : 'No name given.';
      update(task, 'working', 'Got an answer');
      update(task, 'completed', 'Greeted', { content: [text(said)] });
    }
    await task.done;
    if (task.status === 'cancelled') throw new McpError(-32602, `Task ${task.taskId} was cancelled.`);
    return task.result;
  });
  setRawHandler(server, CancelTaskRequestSchema, (request: { params: { taskId: string } }) => {
    const task = known(request.params.taskId);
    if (task.status !== 'working' && task.status !== 'input_required')
      throw new McpError(-32602, `Cannot cancel task in terminal status: ${task.status}`);
    probe.cancelled.push(task.taskId);
    update(task, 'cancelled', 'Cancelled by the client');
    return wire(task);
  });
  return server;
}

/** The running tasks server. */
export interface TasksServerHandle extends McpHttpHandle {
  probe: TasksServerProbe;
  /** Lets every step waiting now run (only without `stepMs`). */
  release(): void;
}

/**
 * Starts the tasks server on 127.0.0.1. With `stepMs` each step takes that long; without, steps wait for
 * `release()`. Tasks ask to be polled every `pollIntervalMs` (default 50).
 */
export async function startTasksServer(
  options: ServeMcpHttpOptions & { stepMs?: number; pollIntervalMs?: number } = {},
): Promise<TasksServerHandle> {
  const { stepMs, pollIntervalMs = 50, ...http } = options;
  const probe: TasksServerProbe = { created: [], cancelled: [], polls: 0 };
  const { pacing, release } = createStepPacing(stepMs);
  const handle = await serveMcpHttp(() => createTasksMcpServer(probe, pacing, pollIntervalMs), http);
  return {
    ...handle,
    probe,
    release,
  };
}
