// The page's hold on the session its worker owns: a Web Lock that outlives a crashed worker, so the tab keeps the
// session through a restart instead of a waiting tab taking it (the worker's `session-ownership.ts` reads it).
import { keeperLockName, type LockManagerLike } from '../../shared/sessions/session-locks';

export interface TabKeeper {
  /** This page's id for its whole life: it names its keeper locks (and is sent with `session-enter`). */
  readonly tabId: string;
  /** Keeps `sessionId` (its worker owns it), letting any other go. */
  keep(sessionId: string): void;
  /** Keeps nothing (its worker no longer owns the session, or the page opens another). */
  letGo(): void;
  /** The session kept, if any. */
  kept(): string | null;
}

/** A keeper over `locks` (the page's `navigator.locks`); `null`: no Web Locks, so there is nothing to keep. */
export function createTabKeeper(locks: LockManagerLike | null, tabId: string): TabKeeper {
  let held: { sessionId: string; release: () => void } | null = null;
  return {
    tabId,
    keep(sessionId) {
      if (held?.sessionId === sessionId) return;
      held?.release();
      let release: () => void = () => undefined;
      const until = new Promise<void>((resolve) => (release = resolve));
      held = { sessionId, release };
      // Queued, not `ifAvailable`: a waiting tab's worker may hold it for a moment to learn this page is gone.
      void locks?.request(keeperLockName(sessionId, tabId), {}, () => until).catch(() => undefined);
    },
    letGo() {
      held?.release();
      held = null;
    },
    kept: () => held?.sessionId ?? null,
  };
}

/** The page's keeper: `navigator.locks` when the browser has it, under a new id for this page. */
export function createPageTabKeeper(): TabKeeper {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManagerLike }).locks;
  return createTabKeeper(locks ?? null, crypto.randomUUID());
}
