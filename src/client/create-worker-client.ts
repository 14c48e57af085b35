// An EngineClient over a Web Worker: queues commands until the engine is ready, bounds each command,
// watches a heartbeat, and replaces a crashed or hung worker by itself.
import { isPongMessage, type PingMessage } from '../protocol/liveness-messages';
import { isWorkerMessage, PROTOCOL_VERSION } from '../protocol/messages';
import type { Command, CommandEnvelope, CommandResults, WireWorkerMessage, WorkerMessage } from '../protocol/messages';
import { createRunEventsReader } from '../protocol/run-event-codec';
import type { EngineClient } from './engine-client';

/** The part of `Worker` the client uses; a MessagePort-like test double fits too. */
export interface WorkerLike {
  postMessage(message: CommandEnvelope | PingMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  /** A worker fires `error` when an uncaught error or running out of memory ends it. Optional for test doubles. */
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** Liveness settings; every default suits a person at a browser. */
export interface WorkerClientOptions {
  /** A command without a reply after this long fails with a plain message. Default 90 s (an MCP call may take 60 s). */
  commandTimeoutMs?: number;
  /** How often the worker is pinged once it is ready. Default 1 s. */
  heartbeatIntervalMs?: number;
  /**
   * A ping unanswered this long means the worker is stuck: it is ended and replaced. Default 8 s: long
   * enough that a busy worker on a loaded machine is not taken for a hung one.
   */
  heartbeatTimeoutMs?: number;
  /** A worker that has not said `ready` after this long is replaced. Default 30 s. */
  startTimeoutMs?: number;
  /** At most this many automatic restarts within `restartWindowMs`; then the engine stays down. Default 3 per minute. */
  maxRestarts?: number;
  restartWindowMs?: number;
}

interface Pending {
  envelope: CommandEnvelope;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
}

const DEFAULTS: Required<WorkerClientOptions> = {
  commandTimeoutMs: 90_000,
  heartbeatIntervalMs: 1_000,
  heartbeatTimeoutMs: 8_000,
  startTimeoutMs: 30_000,
  maxRestarts: 3,
  restartWindowMs: 60_000,
};

/**
 * Wraps a worker speaking protocol v1. `source` is the worker, or a function that creates one — only then
 * can a crashed or hung engine be replaced. Commands sent before the worker says `ready` are queued, never
 * dropped. Commands that were with a lost worker fail (they are not re-sent: a run must not start twice);
 * queued ones go to its replacement. Messages of another protocol version are reported, not guessed at.
 */
export function createWorkerClient(
  source: WorkerLike | (() => WorkerLike),
  options: WorkerClientOptions = {},
): EngineClient {
  const config = { ...DEFAULTS, ...options };
  const spawn = typeof source === 'function' ? source : undefined;
  const pending = new Map<string, Pending>();
  const queued: string[] = [];
  const listeners = new Set<(message: WorkerMessage) => void>();
  const crashListeners = new Set<(reason: string, restarting: boolean) => void>();
  const restartListeners = new Set<() => void>();
  const restarts: number[] = [];
  /** Set once the engine is down for good: every later command fails at once with this message. */
  let down: string | null = null;
  let worker: WorkerLike;
  /** Each worker's run-event streams are read with their own memory. */
  let readRunEvents = createRunEventsReader();
  let ready = false;
  let generation = 0;
  let nextRequest = 1;
  let nextPing = 1;
  let ping: { id: number; sentAt: number } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

  function attach(next: WorkerLike): void {
    worker = next;
    readRunEvents = createRunEventsReader();
    ready = false;
    ping = null;
    schedule(config.startTimeoutMs, () => lose(next, `it did not start within ${seconds(config.startTimeoutMs)}`));
    next.addEventListener('error', (event) => lose(next, describeWorkerError(event)));
    next.addEventListener('message', (event) => {
      if (worker === next && down === null) receive(event.data);
    });
  }

  function schedule(ms: number, then: () => void): void {
    clearTimeout(timer);
    timer = setTimeout(then, ms);
  }

  function receive(data: unknown): void {
    if (isPongMessage(data)) {
      if (ping?.id === data.id) ping = null;
      return;
    }
    if (!isWorkerMessage(data)) {
      console.error('Loupe: the engine worker sent a message of an unknown protocol version', data);
      return;
    }
    if (data.type === 'reply') {
      const waiter = pending.get(data.requestId);
      if (waiter === undefined) return;
      pending.delete(data.requestId);
      clearTimeout(waiter.timer);
      if (data.ok) waiter.resolve(data.value);
      else waiter.reject(new Error(data.error));
      return;
    }
    if (data.type === 'run-events') {
      emitRunEvents(data);
      return;
    }
    if (data.type === 'ready') becomeReady();
    for (const listener of listeners) listener(data);
  }

  /** A batch of run events reaches subscribers as one `run-event` message per event, in order. */
  function emitRunEvents(data: Extract<WireWorkerMessage, { type: 'run-events' }>): void {
    let events;
    try {
      events = readRunEvents(data);
    } catch (error) {
      console.error('Loupe: a batch of run events from the engine could not be read', error);
      return;
    }
    for (const event of events) {
      const message: WorkerMessage = { v: PROTOCOL_VERSION, type: 'run-event', runId: data.runId, event };
      for (const listener of listeners) listener(message);
    }
  }

  function becomeReady(): void {
    if (ready) return;
    ready = true;
    beat();
    for (const requestId of queued.splice(0)) post(requestId);
    if (generation > 0) for (const listener of restartListeners) listener();
  }

  /** One heartbeat tick: a ping unanswered for too long ends the worker; otherwise a new ping goes out. */
  function beat(): void {
    const current = worker;
    if (ping !== null && Date.now() - ping.sentAt > config.heartbeatTimeoutMs) {
      lose(current, `it stopped answering for more than ${seconds(config.heartbeatTimeoutMs)}`);
      return;
    }
    // Ticks may come late (a hidden tab's timers are throttled); a ping answered meanwhile is not a hang.
    if (ping === null) {
      ping = { id: nextPing++, sentAt: Date.now() };
      current.postMessage({ v: PROTOCOL_VERSION, type: 'ping', id: ping.id });
    }
    schedule(config.heartbeatIntervalMs, beat);
  }

  function post(requestId: string): void {
    const waiter = pending.get(requestId);
    if (waiter === undefined) return;
    waiter.timer = setTimeout(() => {
      if (!pending.delete(requestId)) return;
      waiter.reject(
        new Error(
          `The engine did not answer “${waiter.envelope.command.type}” within ${seconds(config.commandTimeoutMs)}.`,
        ),
      );
    }, config.commandTimeoutMs);
    worker.postMessage(waiter.envelope);
  }

  /** The worker `lost` crashed or hung: end it, fail what it held, and start a new one if allowed. */
  function lose(lost: WorkerLike, reason: string): void {
    if (lost !== worker || down !== null) return;
    clearTimeout(timer);
    lost.terminate();
    const message = `The engine stopped unexpectedly (${reason}).`;
    const waiting = new Set(queued);
    for (const [requestId, waiter] of pending) {
      if (waiting.has(requestId)) continue;
      pending.delete(requestId);
      clearTimeout(waiter.timer);
      waiter.reject(new Error(message));
    }
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > config.restartWindowMs) restarts.shift();
    const restarting = spawn !== undefined && restarts.length < config.maxRestarts;
    for (const listener of crashListeners) listener(reason, restarting);
    if (spawn !== undefined && restarting) {
      restarts.push(now);
      generation += 1;
      attach(spawn());
      return;
    }
    down = restarts.length > 0 ? `${message.slice(0, -1)}, again after restarts.` : message;
    failAll(down);
  }

  function failAll(message: string): void {
    for (const waiter of pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(message));
    }
    pending.clear();
    queued.length = 0;
  }

  attach(spawn === undefined ? (source as WorkerLike) : spawn());

  return {
    send<C extends Command>(command: C) {
      const requestId = `request-${nextRequest++}`;
      return new Promise<CommandResults[C['type']]>((resolve, reject) => {
        if (down !== null) {
          reject(new Error(down));
          return;
        }
        const envelope = { v: PROTOCOL_VERSION, requestId, command } as const;
        pending.set(requestId, { envelope, resolve: resolve as (value: unknown) => void, reject });
        if (ready) post(requestId);
        else queued.push(requestId);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onCrash(listener) {
      crashListeners.add(listener);
      return () => crashListeners.delete(listener);
    },
    isReady: () => ready && down === null,
    onRestart(listener) {
      restartListeners.add(listener);
      return () => restartListeners.delete(listener);
    },
    dispose() {
      clearTimeout(timer);
      worker.terminate();
      down = 'The engine worker was stopped.';
      failAll(down);
    },
  };
}

/** The reason a worker `error` event gives, in plain words (an ErrorEvent's message, else a generic one). */
function describeWorkerError(event: Event): string {
  const message = 'message' in event && typeof event.message === 'string' ? event.message.trim() : '';
  return message === '' ? 'the worker failed without a message, possibly out of memory' : message;
}
