// The 2026-07-28 Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) for the demo server's
// `weather.outlook`, which the SDK does not serve: a `tools/call` from a client that declares the extension is
// answered with a task handle (`resultType: "task"`), `tasks/get` reports the task (its result inside once done),
// `tasks/cancel` stops it. Tasks outlive the stateless per-request servers, so they live in one `DemoTaskStore`.
import { randomUUID } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  type McpServer as ModernMcpServer,
} from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { OUTLOOK_TTL_MS, outlookShape, pacedBy, type OutlookPacing } from './demo-outlook-task';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Tasks the demo keeps at once: the oldest go first, so no client can make it hold more. */
const maxTasks = 200;

type Status = 'working' | 'completed' | 'cancelled';

interface DemoTask {
  taskId: string;
  status: Status;
  statusMessage: string;
  createdAt: string;
  lastUpdatedAt: string;
  result?: CallToolResult;
}

/** The 2026-07-28 tasks of one demo server. */
export class DemoTaskStore {
  private readonly tasks = new Map<string, DemoTask>();

  constructor(readonly pacing: OutlookPacing = pacedBy()) {}

  /** Starts a task that walks `steps` (one status message each) and then completes with `result`. */
  start(steps: string[], result: CallToolResult): DemoTask {
    const now = new Date().toISOString();
    const task: DemoTask = {
      taskId: randomUUID(),
      status: 'working',
      statusMessage: steps[0] ?? 'Preparing',
      createdAt: now,
      lastUpdatedAt: now,
    };
    this.tasks.set(task.taskId, task);
    for (const old of this.tasks.keys()) {
      if (this.tasks.size <= maxTasks) break;
      this.tasks.delete(old);
    }
    void this.walk(task, steps, result);
    return task;
  }

  private async walk(task: DemoTask, steps: string[], result: CallToolResult) {
    for (const step of steps) {
      if (task.status !== 'working') return;
      this.update(task, { statusMessage: step });
      await this.pacing.next();
    }
    if (task.status === 'working') this.update(task, { status: 'completed', statusMessage: 'Done', result });
  }

  private update(task: DemoTask, change: Partial<DemoTask>) {
    Object.assign(task, change, { lastUpdatedAt: new Date().toISOString() });
  }

  get(taskId: string): DemoTask | undefined {
    return this.tasks.get(taskId);
  }

  cancel(task: DemoTask): void {
    if (task.status === 'working') this.update(task, { status: 'cancelled', statusMessage: 'Cancelled by the client' });
  }
}

/** The wire form of `task` (a `DetailedTask`): what a handle and `tasks/get` carry. */
function detailed(task: DemoTask, pollIntervalMs: number): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: OUTLOOK_TTL_MS,
    pollIntervalMs,
    ...(task.status === 'completed' ? { result: task.result } : {}),
  };
}

function declaresTasks(envelope: unknown): boolean {
  const capabilities = (envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as
    { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

type Handler = (request: unknown, context: unknown) => Promise<unknown>;

/**
 * Makes `toolName` (already registered on `server`, which answers it directly) a task for clients that declare
 * the extension: `plan` gives its steps and result. Other tools and other clients keep the SDK's own handling.
 */
export function serveModernTasks(
  server: ModernMcpServer,
  store: DemoTaskStore,
  toolName: string,
  plan: (args: z.infer<z.ZodObject<typeof outlookShape>>) => { steps: string[]; result: CallToolResult },
): void {
  // The SDK's own tools/call handler (validation, the registered tools): the protected accessor its role classes
  // use to reach a stored handler, as the SDK offers no public one.
  const sdkCall = (
    server.server as unknown as { _getRequestHandler(method: string): Handler | undefined }
  )._getRequestHandler('tools/call');
  if (sdkCall === undefined) throw new Error(`Register ${toolName} before serving it as a task.`);
  const input = z.object(outlookShape);
  server.server.setRequestHandler('tools/call', (request, context) => {
    const args = input.safeParse(request.params.arguments ?? {});
    // Bad arguments, or a client without the extension: the SDK answers (its validation error, or directly).
    if (request.params.name !== toolName || !args.success || !declaresTasks(context.mcpReq.envelope))
      return sdkCall(request, context) as never;
    const { steps, result } = plan(args.data);
    if (steps.length === 0) return result;
    return { ...detailed(store.start(steps, result), store.pacing.pollMs), resultType: 'task' } as never;
  });
  const taskParams = { params: z.looseObject({ taskId: z.string() }) };
  const known = (taskId: string) => {
    const task = store.get(taskId);
    if (task === undefined) throw new ProtocolError(-32602, `Failed to retrieve task: Task not found (${taskId})`);
    return task;
  };
  server.server.setRequestHandler('tasks/get', taskParams, ({ taskId }) =>
    detailed(known(taskId), store.pacing.pollMs),
  );
  server.server.setRequestHandler('tasks/cancel', taskParams, ({ taskId }) => {
    store.cancel(known(taskId));
    return {};
  });
  // The outlook asks nothing, so an answer is taken and changes nothing.
  server.server.setRequestHandler('tasks/update', taskParams, ({ taskId }) => {
    known(taskId);
    return {};
  });
}
