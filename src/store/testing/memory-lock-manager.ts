// Test double of the Web Locks API (`navigator.locks`), shared by the "tabs" of one test: exclusive locks,
// `ifAvailable`, `steal` (the holder's request rejects with AbortError) and a waiting queue with `signal`.
import type { LockManagerLike } from '../sessions/tab-coordinator';

interface Holder {
  reject: (error: unknown) => void;
}

export function createMemoryLockManager(): LockManagerLike {
  const held = new Map<string, Holder>();
  const queues = new Map<string, (() => void)[]>();
  const abortError = (message: string) => new DOMException(message, 'AbortError');

  function next(name: string): void {
    const grant = queues.get(name)?.shift();
    if (grant !== undefined) grant();
  }

  return {
    request(name, options, callback) {
      return new Promise<void>((resolve, reject) => {
        const grant = (): void => {
          const holder: Holder = { reject };
          held.set(name, holder);
          callback({ name }).then(
            () => {
              if (held.get(name) === holder) {
                held.delete(name);
                next(name);
              }
              resolve();
            },
            (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
          );
        };
        const current = held.get(name);
        if (options.steal === true) {
          held.delete(name);
          current?.reject(abortError('The lock was stolen by another request.'));
          grant();
        } else if (current === undefined) grant();
        else if (options.ifAvailable === true) callback(null).then(resolve, reject);
        else {
          const queue = queues.get(name) ?? [];
          queues.set(name, queue);
          queue.push(grant);
          options.signal?.addEventListener('abort', () => {
            const index = queue.indexOf(grant);
            if (index >= 0) queue.splice(index, 1);
            reject(abortError('The lock request was aborted.'));
          });
        }
      });
    },
  };
}
