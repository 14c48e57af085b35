// An EngineClient over a Web Worker (or anything with the same postMessage surface).
import { isWorkerMessage, PROTOCOL_VERSION } from '../protocol/messages';
import type { Command, CommandEnvelope, CommandResults, WorkerMessage } from '../protocol/messages';
import type { EngineClient } from './engine-client';

/** The part of `Worker` the client uses; a MessagePort-like test double fits too. */
export interface WorkerLike {
  postMessage(message: CommandEnvelope): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
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
  let nextRequest = 1;

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
        pending.set(requestId, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ v: PROTOCOL_VERSION, requestId, command });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      worker.terminate();
      for (const waiter of pending.values()) waiter.reject(new Error('The engine worker was stopped.'));
      pending.clear();
    },
  };
}
