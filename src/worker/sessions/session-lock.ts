// Holding one Web Lock until let go: a lease, granted or not, and told when another agent steals it.
import type { LockManagerLike, LockOptions } from '../../shared/sessions/session-locks';

/** A lock held until `release`. */
export interface LockLease {
  release(): void;
  /** False once released, or stolen by another agent. */
  held(): boolean;
}

/**
 * Requests `name` with `options` and holds it until released. Resolves with the lease, or `null` when it was
 * not granted (`ifAvailable` and held, or `signal` aborted first). `onLost` runs once if the lock is stolen.
 */
export function holdLock(
  locks: LockManagerLike,
  name: string,
  options: LockOptions,
  onLost: () => void = () => undefined,
): Promise<LockLease | null> {
  return new Promise((resolve, reject) => {
    let granted = false;
    let released = false;
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((done) => (letGo = done));
    const lease: LockLease = {
      release() {
        released = true;
        letGo();
      },
      held: () => !released,
    };
    locks
      .request(name, options, (lock) => {
        if (lock === null) {
          resolve(null);
          return Promise.resolve();
        }
        granted = true;
        resolve(lease);
        return held;
      })
      .catch((error: unknown) => {
        // Before the grant: the wait was aborted (null) or the request failed. After it: another agent stole it.
        if (!granted) {
          if (options.signal?.aborted === true) resolve(null);
          else reject(error instanceof Error ? error : new Error(String(error)));
        } else if (!released) {
          released = true;
          onLost();
        }
      });
  });
}

/** Waits until no agent holds `name` (taking it for a moment), or until `signal` aborts. */
export async function waitForRelease(locks: LockManagerLike, name: string, signal: AbortSignal): Promise<void> {
  (await holdLock(locks, name, { signal }))?.release();
}
