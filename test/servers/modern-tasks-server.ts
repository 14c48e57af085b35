// A 2026-07-28 test MCP server (SDK v2, stateless, modern only) with the Tasks extension (SEP-2663) written as a
// small receiver: `tools/call` answers a task handle (`resultType: "task"`) to a client that declared the
// extension, `tasks/get` reports the task (its result, error or questions inside), `tasks/update` takes answers,
// `tasks/cancel` stops it, and `subscriptions/listen` with `taskIds` streams `notifications/tasks` pushes. Also
// hostile tasks. Steps advance on `release()` (tests) or every `stepMs` (by hand).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CLIENT_CAPABILITIES_META_KEY,
  McpServer,
  ProtocolError,
  SUBSCRIPTION_ID_META_KEY,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';
import { detailedTask, ModernTaskStore, type ModernTaskRecord, type ModernTasksProbe } from './modern-tasks-store';
import { modernTaskTools } from './modern-tasks-tools';
import { createStepPacing, type Pacing } from './step-pacing';

const EXTENSION = 'io.modelcontextprotocol/tasks';
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const missingCapability = () =>
  new ProtocolError(-32021, 'Missing required client capability', {
    requiredCapabilities: { extensions: { [EXTENSION]: {} } },
  });

/** Whether a request's envelope declares the Tasks extension. */
function declaresTasks(envelope: unknown): boolean {
  const capabilities = (envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as
    { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[EXTENSION] !== undefined;
}

/** Runs the steps of a report task, then completes it. */
async function runReport(store: ModernTaskStore, task: ModernTaskRecord, topic: string, steps: number, pacing: Pacing) {
  for (let step = 1; step <= steps; step += 1) {
    store.update(task, { status: 'working', statusMessage: `Step ${step} of ${steps}: ${topic}` });
    await pacing.next();
    if (task.status === 'cancelled') return;
  }
  store.update(task, {
    status: 'completed',
    statusMessage: 'Report ready',
    result: text(`Report on ${topic}: ${steps} steps done.`),
  });
}

/** Starts the task `name` for `args`; undefined when the tool answers directly. */
function startTask(store: ModernTaskStore, pacing: Pacing, name: string, args: Record<string, unknown>) {
  const topic = typeof args['topic'] === 'string' ? args['topic'] : 'tides';
  const steps = typeof args['steps'] === 'number' ? Math.min(10, Math.max(1, Math.floor(args['steps']))) : 3;
  switch (name) {
    case 'slow_report':
    case 'pushy_report': {
      // pushy_report asks to be polled every 10 s (Loupe's cap), so only pushes can show its steps sooner.
      const task = store.create(`Step 1 of ${steps}: ${topic}`, name === 'pushy_report' ? 60_000 : undefined);
      if (name === 'pushy_report') task.pushedMessage = (message) => `Pushed: ${message}`;
      void runReport(store, task, topic, steps, pacing);
      return detailedTask(task);
    }
    case 'ask_name': {
      const task = store.create('Waiting for a name');
      // The handle says "working" (the SDK's tools/call check wants no `inputRequests` on it); the question shows on the first poll.
      const handle = detailedTask(task);
      // `key` names the question (default `name`): a hostile server may pick `__proto__`.
      const key = typeof args['key'] === 'string' ? args['key'] : 'name';
      store.update(task, {
        status: 'input_required',
        inputRequests: {
          [key]: {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'What is your name?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            },
          },
        },
        onInput: (responses) => {
          const answer = (Object.hasOwn(responses, key) ? responses[key] : undefined) as
            { action?: string; content?: { name?: unknown } } | undefined;
          if (answer === undefined) return;
          const said = answer.action === 'accept' ? `Hello, ${String(answer.content?.name)}!` : 'No name given.';
          // The task shows the question until the next step (acks are eventually consistent): polls in between
          // repeat it, and a client must not ask the person twice.
          void pacing.next().then(() => store.update(task, { status: 'completed', result: text(said) }));
        },
      });
      return handle;
    }
    case 'ask_model': {
      const task = store.create('Waiting for the model');
      // The handle says "working" (the SDK's tools/call check wants no `inputRequests` on it); the question shows on the first poll.
      const handle = detailedTask(task);
      store.update(task, {
        status: 'input_required',
        inputRequests: {
          haiku: {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: { type: 'text', text: 'A haiku?' } }], maxTokens: 50 },
          },
        },
        onInput: (responses) => {
          const answer = responses['haiku'] as { content?: { text?: unknown } } | undefined;
          if (answer === undefined) return;
          store.update(task, { status: 'completed', result: text(`The model said: ${String(answer.content?.text)}`) });
        },
      });
      return handle;
    }
    case 'open_link': {
      const task = store.create('Waiting for a link to be opened');
      const handle = detailedTask(task);
      store.update(task, {
        status: 'input_required',
        inputRequests: {
          link: {
            method: 'elicitation/create',
            params: {
              mode: 'url',
              message: 'Sign in to the weather service, please.',
              url: 'https://weather.example/connect?state=abc',
              elicitationId: 'link-1',
            },
          },
        },
        onInput: (responses) => {
          const answer = responses['link'] as { action?: string } | undefined;
          if (answer === undefined) return;
          store.update(task, { status: 'completed', result: text(`Link answer: ${String(answer.action)}.`) });
        },
      });
      return handle;
    }
    case 'quick_echo':
      return undefined;
    default:
      return modernTaskTools.startHostile(store, name);
  }
}

/** A new per-request server over `store`. */
function createModernTasksMcpServer(store: ModernTaskStore, pacing: Pacing): McpServer {
  const server = new McpServer(
    { name: 'modern-tasks', version: '1.0.0' },
    { capabilities: { tools: {}, extensions: { [EXTENSION]: {} } } },
  );
  server.server.setRequestHandler('tools/list', () => ({ tools: modernTaskTools.list }));
  server.server.setRequestHandler('tools/call', (request, context) => {
    const { name, arguments: args = {} } = request.params;
    if (name === 'quick_echo') return text(`echo: ${String(args['text'])}`);
    if (!declaresTasks(context.mcpReq.envelope)) throw missingCapability();
    const task = startTask(store, pacing, name, args);
    return { ...task, resultType: 'task' } as never;
  });
  const taskParams = { params: z.looseObject({ taskId: z.string() }) };
  const known = (taskId: string, envelope: unknown) => {
    if (!declaresTasks(envelope)) throw missingCapability();
    const task = store.get(taskId);
    if (task === undefined) throw new ProtocolError(-32602, `Failed to retrieve task: Task not found (${taskId})`);
    return task;
  };
  server.server.setRequestHandler('tasks/get', taskParams, ({ taskId }, context) => {
    store.probe.polls += 1;
    return modernTaskTools.answerPoll(known(taskId, context.mcpReq.envelope));
  });
  // The SDK lifts `inputResponses` (the multi-round-trip field) out of the params into the request context.
  server.server.setRequestHandler('tasks/update', taskParams, ({ taskId }, context) => {
    const task = known(taskId, context.mcpReq.envelope);
    const inputResponses = context.mcpReq.inputResponses ?? {};
    store.probe.updates.push({ taskId, inputResponses });
    task.onInput?.(inputResponses);
    return {};
  });
  server.server.setRequestHandler('tasks/cancel', taskParams, ({ taskId }, context) => {
    const task = known(taskId, context.mcpReq.envelope);
    store.probe.cancelled.push(taskId);
    store.update(task, { status: 'cancelled', statusMessage: 'Cancelled by the client' });
    return {};
  });
  return server;
}

/** Answers `subscriptions/listen` for task ids with an SSE stream of `notifications/tasks` (the SDK has no such listen). */
function serveTaskListen(store: ModernTaskStore, request: IncomingMessage, response: ServerResponse, body: unknown) {
  const message = body as { id?: unknown; method?: unknown; params?: Record<string, unknown> };
  const notifications = message.params?.['notifications'] as { taskIds?: unknown } | undefined;
  if (message.method !== 'subscriptions/listen' || !Array.isArray(notifications?.taskIds)) return false;
  const taskIds = notifications.taskIds.filter((id): id is string => typeof id === 'string');
  store.probe.listens.push(taskIds);
  const subscriptionId = message.id;
  const write = (method: string, params: Record<string, unknown>) =>
    response.write(
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method, params: { ...params, _meta: { [SUBSCRIPTION_ID_META_KEY]: subscriptionId } } })}\n\n`,
    );
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  write('notifications/subscriptions/acknowledged', { notifications: { taskIds } });
  // Lies a client must ignore: a push for a task it never asked about, and one that says "completed" with no result.
  write('notifications/tasks', { taskId: 'not-yours', status: 'completed', result: text('not yours') });
  const stop = store.listen((task) => {
    if (taskIds.includes(task['taskId'] as string)) write('notifications/tasks', task);
  });
  for (const taskId of taskIds) {
    const task = store.get(taskId);
    if (task?.pushedMessage !== undefined) write('notifications/tasks', { ...detailedTask(task), status: 'completed' });
  }
  store.probe.openListens += 1;
  store.probe.mostOpenListens = Math.max(store.probe.mostOpenListens, store.probe.openListens);
  let closed = false;
  const end = () => {
    stop();
    if (closed) return;
    closed = true;
    store.probe.openListens -= 1;
  };
  request.on('close', end);
  response.on('close', end);
  return true;
}

/** The running 2026-07-28 tasks server. */
export interface ModernTasksServerHandle extends McpHttpHandle {
  probe: ModernTasksProbe;
  /** Lets every step waiting now run (only without `stepMs`). */
  release(): void;
}

/**
 * Starts the modern-only tasks server on 127.0.0.1. With `stepMs` each step takes that long; without, steps wait
 * for `release()`. Tasks ask to be polled every `pollIntervalMs` (default 50).
 */
export async function startModernTasksServer(
  options: Omit<ServeMcpHttpOptions, 'modern' | 'interceptPost'> & { stepMs?: number; pollIntervalMs?: number } = {},
): Promise<ModernTasksServerHandle> {
  const { stepMs, pollIntervalMs = 50, ...http } = options;
  const store = new ModernTaskStore(pollIntervalMs);
  const { pacing, release } = createStepPacing(stepMs);
  const handle = await serveMcpHttp(null, {
    ...http,
    modern: () => createModernTasksMcpServer(store, pacing),
    interceptPost: (request, response, body) => serveTaskListen(store, request, response, body),
  });
  return {
    ...handle,
    probe: store.probe,
    release,
  };
}
