// Pure: runs tasks under a global cap, a per-server cap and per-tool/per-server sequential marks (ENGINE-SPEC rule 10).
import type { LoopPolicies } from '../../shared/loop-policies';

/** What a task needs slots for: its exposed tool name and, for MCP tools, its server's name. */
export interface SlotKeys {
  tool: string;
  server?: string;
}

/** Starts tasks as slots free up, in the order they were asked for when they fit. */
export interface ConcurrencyScheduler {
  /** Runs `task` when a slot is free; `onQueued` is called when it has to wait. Settles as the task does. */
  run<T>(keys: SlotKeys, task: () => Promise<T>, onQueued?: () => void): Promise<T>;
  /** Whether `keys` would start at once. */
  hasRoom(keys: SlotKeys): boolean;
}

type Policies = Pick<
  LoopPolicies,
  'maxConcurrency' | 'maxConcurrencyPerServer' | 'sequentialTools' | 'sequentialServers'
>;

const started = Promise.resolve();

/** A scheduler applying `policies`' caps; a sequential tool or server has a cap of 1. */
export function createConcurrencyScheduler(policies: Policies): ConcurrencyScheduler {
  let running = 0;
  const perServer = new Map<string, number>();
  const perTool = new Map<string, number>();
  const waiting: { keys: SlotKeys; start: () => void }[] = [];
  const serverCap = (server: string): number =>
    policies.sequentialServers.includes(server) ? 1 : policies.maxConcurrencyPerServer;
  const hasRoom = (keys: SlotKeys): boolean =>
    running < policies.maxConcurrency &&
    (keys.server === undefined || (perServer.get(keys.server) ?? 0) < serverCap(keys.server)) &&
    (!policies.sequentialTools.includes(keys.tool) || (perTool.get(keys.tool) ?? 0) < 1);
  const take = (keys: SlotKeys, delta: number): void => {
    running += delta;
    if (keys.server !== undefined) perServer.set(keys.server, (perServer.get(keys.server) ?? 0) + delta);
    perTool.set(keys.tool, (perTool.get(keys.tool) ?? 0) + delta);
  };
  const pump = (): void => {
    for (let index = 0; index < waiting.length;) {
      const entry = waiting[index];
      if (entry !== undefined && hasRoom(entry.keys)) {
        waiting.splice(index, 1);
        entry.start();
      } else index += 1;
    }
  };
  // A task holds its slots from its start until one microtask after it settles: whoever awaits its result
  // goes on first, then the slot goes to the next waiting task (which itself starts a microtask later).
  const launch = <T>(keys: SlotKeys, task: () => Promise<T>): Promise<T> => {
    take(keys, 1);
    // Never inside the caller's turn, and a synchronous throw becomes a rejection. `then` on one settled
    // promise queues the task as `Promise.resolve().then` would, without a new promise per task.
    const settled = started.then(task);
    const free = (): void => {
      take(keys, -1);
      pump();
    };
    // Handled both ways, so a failed task is the caller's rejection only, never an unhandled one.
    settled.then(free, free);
    return settled;
  };
  return {
    hasRoom,
    run(keys, task, onQueued) {
      // A task that fits starts at once (the common case: no promise of its own around the task's);
      // one waiting behind another server's cap does not hold it up.
      if (hasRoom(keys)) return launch(keys, task);
      onQueued?.();
      return new Promise((resolve, reject) => {
        waiting.push({ keys, start: () => void launch(keys, task).then(resolve, reject) });
      });
    },
  };
}
