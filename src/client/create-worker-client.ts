// An EngineClient over a Web Worker (or anything with the same postMessage surface).
import { isWorkerMessage, PROTOCOL_VERSION } from '../protocol/messages';
import type { Command, CommandEnvelope, CommandResults, WorkerMessage } from '../protocol/messages';
import type { EngineClient } from './engine-client';

/** The part of `Worker` the client uses; a MessagePort-like test double fits too. */
export interface WorkerLike {
  postMessage(message: CommandEnvelope): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  /** A worker fires `error` when an uncaught error or running out of memory ends it. Optional for test doubles. */
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** Wraps a worker speaking protocol v1. Messages of another version are reported, not guessed at. */
export function createWorkerClient(worker: WorkerLike): EngineClient {
  const pending = new Map<string, Pending>();
  const listeners = new Set<(message: WorkerMessage) => void>();
  const crashListeners = new Set<(reason: string) => void>();
  /** Set once the worker has crashed: every later command fails at once with this message. */
  let crashed: string | null = null;
  let nextRequest = 1;

  worker.addEventListener('error', (event) => {
    if (crashed !== null) return;
    const reason = describeWorkerError(event);
    crashed = `The engine stopped unexpectedly (${reason}).`;
    // A worker that threw may limp on in an unknown state; ending it keeps the page's story simple:
    // the run is over, and a reload restores the last checkpoint.
    worker.terminate();
    for (const waiter of pending.values()) waiter.reject(new Error(crashed));
    pending.clear();
    for (const listener of crashListeners) listener(reason);
  });

  worker.addEventListener('message', (event) => {
    const message = event.data;
    if (!isWorkerMessage(message)) {
      console.error('Loupe: the engine worker sent a message of an unknown protocol version', message);
      return;
    }
    if (message.type === 'reply') {
      const waiter = pending.get(message.requestId);
      pending.delete(message.requestId);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(new Error(message.error));
      return;
    }
    for (const listener of listeners) listener(message);
  });

  return {
    send<C extends Command>(command: C) {
      const requestId = `request-${nextRequest++}`;
      return new Promise<CommandResults[C['type']]>((resolve, reject) => {
        if (crashed !== null) {
          reject(new Error(crashed));
          return;
        }
        pending.set(requestId, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ v: PROTOCOL_VERSION, requestId, command });
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
    dispose() {
      worker.terminate();
      for (const waiter of pending.values()) waiter.reject(new Error('The engine worker was stopped.'));
      pending.clear();
    },
  };
}

/** The reason a worker `error` event gives, in plain words (an ErrorEvent's message, else a generic one). */
function describeWorkerError(event: Event): string {
  const message = 'message' in event && typeof event.message === 'string' ? event.message.trim() : '';
  return message === '' ? 'the worker failed without a message, possibly out of memory' : message;
}
