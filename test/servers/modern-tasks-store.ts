// The task store of the 2026-07-28 tasks test server: tasks outlive the stateless per-request MCP servers, so
// they live here, with what the server saw (for tests) and who listens for their status pushes.
import { randomUUID } from 'node:crypto';

/** The statuses of the Tasks extension. */
export type ModernTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** One task as the server keeps it. */
export interface ModernTaskRecord {
  taskId: string;
  status: ModernTaskStatus;
  statusMessage: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  result?: unknown;
  error?: { code: number; message: string };
  inputRequests?: Record<string, unknown>;
  /** Takes the client's answers (`tasks/update`). */
  onInput?: (responses: Record<string, unknown>) => void;
  /** What each status push says instead of the status message polls show (tests tell pushes apart so). */
  pushedMessage?: (statusMessage: string) => string;
}

/** What the server saw, for tests to read after the fact. */
export interface ModernTasksProbe {
  /** Ids of the tasks it created, in order. */
  created: string[];
  /** Ids of the tasks a client cancelled with tasks/cancel. */
  cancelled: string[];
  /** How many tasks/get requests it answered. */
  polls: number;
  /** Each tasks/update, in order. */
  updates: { taskId: string; inputResponses: Record<string, unknown> }[];
  /** The task ids of each `subscriptions/listen` for tasks. */
  listens: string[][];
  /** Task listen streams open now, and the most ever open at once. */
  openListens: number;
  mostOpenListens: number;
}

type PushListener = (task: Record<string, unknown>) => void;

/** The wire form of `task` (a `DetailedTask`): what tasks/get answers and a push carries. */
export function detailedTask(task: ModernTaskRecord): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
    ...(task.status === 'completed' ? { result: task.result } : {}),
    ...(task.status === 'failed' ? { error: task.error } : {}),
    ...(task.status === 'input_required' ? { inputRequests: task.inputRequests ?? {} } : {}),
  };
}

/** The tasks of one test server. */
export class ModernTaskStore {
  readonly probe: ModernTasksProbe = {
    created: [],
    cancelled: [],
    polls: 0,
    updates: [],
    listens: [],
    openListens: 0,
    mostOpenListens: 0,
  };
  private readonly tasks = new Map<string, ModernTaskRecord>();
  private readonly listeners = new Set<PushListener>();

  constructor(private readonly pollIntervalMs: number) {}

  create(statusMessage: string, pollIntervalMs = this.pollIntervalMs): ModernTaskRecord {
    const now = new Date().toISOString();
    const task: ModernTaskRecord = {
      taskId: randomUUID(),
      status: 'working',
      statusMessage,
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: 600_000,
      pollIntervalMs,
    };
    this.tasks.set(task.taskId, task);
    this.probe.created.push(task.taskId);
    return task;
  }

  get(taskId: string): ModernTaskRecord | undefined {
    return this.tasks.get(taskId);
  }

  forget(taskId: string): void {
    this.tasks.delete(taskId);
  }

  /** Moves `task` on (a task that ended stays ended) and pushes its new state. */
  update(task: ModernTaskRecord, change: Partial<ModernTaskRecord> & { status: ModernTaskStatus }): void {
    if (task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled') return;
    Object.assign(task, change, { lastUpdatedAt: new Date().toISOString() });
    const detailed = detailedTask(task);
    if (task.pushedMessage !== undefined) detailed['statusMessage'] = task.pushedMessage(task.statusMessage);
    this.push(detailed);
  }

  /** Sends `task` (any object: tests push lies too) to everyone listening for its id. */
  push(task: Record<string, unknown>): void {
    for (const listener of this.listeners) listener(task);
  }

  listen(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
