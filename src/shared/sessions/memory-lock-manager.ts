// Test double of the Web Locks API as one browser has it: exclusive locks granted in the order asked, `ifAvailable`,
// `steal` (the holder's request rejects with AbortError), `signal` for a waiting request, `query()`, and each
// agent (a page, a worker) ending on its own — its locks are released and its waiting requests dropped, as a
// closed tab or a crashed worker's are.
import type { LockManagerLike, LockOptions } from './session-locks';

/** One page's or worker's `navigator.locks`. */
export interface MemoryLockAgent extends LockManagerLike {
  /** The agent is gone (tab closed, worker crashed): what it held is released, what it waited for is dropped. */
  end(): void;
}

/** One browser's locks, shared by the agents a test makes. */
export interface MemoryLockManager {
  agent(): MemoryLockAgent;
}

interface Request {
  name: string;
  agent: object;
  grant: () => void;
}

interface Held {
  agent: object;
  /** The holder's request settles: with the callback's result, or AbortError on a steal. */
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
}

const abortError = (message: string) => new DOMException(message, 'AbortError');

export function createMemoryLockManager(): MemoryLockManager {
  const held = new Map<string, Held>();
  const queue: Request[] = [];

  function next(name: string): void {
    if (held.has(name)) return;
    const index = queue.findIndex((request) => request.name === name);
    if (index < 0) return;
    const [request] = queue.splice(index, 1);
    request!.grant();
  }

  return {
    agent(): MemoryLockAgent {
      const agent = {};
      let ended = false;
      return {
        request(name: string, options: LockOptions, callback: (lock: unknown) => Promise<unknown>) {
          return new Promise<unknown>((resolve, reject) => {
            if (ended) return;
            if (options.signal?.aborted === true) return reject(abortError('The lock request was aborted.'));
            const settle: Held['settle'] = (outcome) =>
              outcome.ok
                ? resolve(outcome.value)
                : reject(outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error)));
            const grant = (): void => {
              const holder: Held = { agent, settle };
              held.set(name, holder);
              callback({ name }).then(
                (value) => {
                  if (held.get(name) !== holder) return;
                  held.delete(name);
                  settle({ ok: true, value });
                  next(name);
                },
                (error: unknown) => {
                  if (held.get(name) !== holder) return;
                  held.delete(name);
                  settle({ ok: false, error });
                  next(name);
                },
              );
            };
            if (options.steal === true) {
              const current = held.get(name);
              held.delete(name);
              current?.settle({ ok: false, error: abortError('The lock was stolen by another request.') });
              grant();
              return;
            }
            const waiting = queue.some((request) => request.name === name);
            if (!held.has(name) && !waiting) return grant();
            if (options.ifAvailable === true) {
              callback(null).then(resolve, reject);
              return;
            }
            const request: Request = { name, agent, grant };
            queue.push(request);
            options.signal?.addEventListener('abort', () => {
              const index = queue.indexOf(request);
              if (index < 0) return;
              queue.splice(index, 1);
              reject(abortError('The lock request was aborted.'));
            });
          });
        },
        query: () => Promise.resolve({ held: [...held.keys()].map((name) => ({ name })) }),
        end() {
          ended = true;
          for (let index = queue.length - 1; index >= 0; index--)
            if (queue[index]!.agent === agent) queue.splice(index, 1);
          for (const [name, holder] of [...held])
            if (holder.agent === agent) {
              held.delete(name);
              next(name);
            }
        },
      };
    },
  };
}
