// Tabs of one browser agree who writes a session (Web Locks) and tell each other what changed (BroadcastChannel).

/** What one tab tells the others. */
export type TabMessage =
  /** The list of sessions changed (a session saved, created or deleted). */
  | { type: 'sessions-changed' }
  /** The owner of `sessionId` wrote its record or a checkpoint: read-only tabs refresh what they show. */
  | { type: 'session-written'; sessionId: string }
  /** A former owner stopped writing `sessionId` after a takeover (its last events are stored). */
  | { type: 'session-released'; sessionId: string };

/** Ownership of one session by this tab: it alone writes the session while it holds the lease. */
export interface SessionLease {
  readonly sessionId: string;
  /** Gives the session up (another tab waiting for it gets it). */
  release(): void;
}

export interface TabCoordinator {
  /** False when the browser has no Web Locks: every tab then owns what it opens, as before tabs coordinated. */
  readonly coordinated: boolean;
  /** Owns `sessionId` if no other tab does (null otherwise). `onLost` runs if another tab takes it over. */
  claim(sessionId: string, onLost: () => void): Promise<SessionLease | null>;
  /** Owns `sessionId` once the tab holding it closes or releases it; null when `signal` aborts first. */
  wait(sessionId: string, onLost: () => void, signal: AbortSignal): Promise<SessionLease | null>;
  /** Owns `sessionId` now, taking it from the tab holding it (that tab's `onLost` runs). */
  takeOver(sessionId: string, onLost: () => void): Promise<SessionLease>;
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
}

/** The part of `navigator.locks` used (a fake implements it in tests). */
export interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<void>;
}

/** The part of `BroadcastChannel` used. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

const lockName = (sessionId: string): string => `loupe.session.${sessionId}`;

const isTabMessage = (value: unknown): value is TabMessage => {
  if (typeof value !== 'object' || value === null) return false;
  const { type, sessionId } = value as Record<string, unknown>;
  if (type === 'sessions-changed') return true;
  return (type === 'session-written' || type === 'session-released') && typeof sessionId === 'string';
};

/** Coordinates tabs over `locks` and `channel` (the page's `navigator.locks` and a BroadcastChannel). */
export function createTabCoordinator(locks: LockManagerLike, channel: ChannelLike): TabCoordinator {
  const listeners = new Set<(message: TabMessage) => void>();
  channel.addEventListener('message', (event) => {
    if (!isTabMessage(event.data)) return;
    for (const listener of listeners) listener(event.data);
  });

  /** Requests the session's lock and holds it until released; resolves with the lease, or null when not granted. */
  function acquire(
    sessionId: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    onLost: () => void,
  ): Promise<SessionLease | null> {
    return new Promise((resolve, reject) => {
      let granted = false;
      let released = false;
      let release: () => void = () => undefined;
      const held = new Promise<void>((done) => (release = done));
      const lease: SessionLease = {
        sessionId,
        release() {
          released = true;
          release();
        },
      };
      locks
        .request(lockName(sessionId), options, (lock) => {
          if (lock === null) {
            resolve(null);
            return Promise.resolve();
          }
          granted = true;
          resolve(lease);
          return held;
        })
        .catch((error: unknown) => {
          // Before the grant: the wait was aborted (null) or the request failed. After it: another tab stole it.
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

  return {
    coordinated: true,
    claim: (sessionId, onLost) => acquire(sessionId, { ifAvailable: true }, onLost),
    wait: (sessionId, onLost, signal) => acquire(sessionId, { signal }, onLost),
    async takeOver(sessionId, onLost) {
      const lease = await acquire(sessionId, { steal: true }, onLost);
      if (lease === null) throw new Error('The browser did not hand the session over.');
      return lease;
    },
    post(message) {
      channel.postMessage(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** No coordination (no Web Locks): this tab owns every session it opens and hears from no other tab. */
export function createSoloTabCoordinator(): TabCoordinator {
  const lease = (sessionId: string): SessionLease => ({ sessionId, release: () => undefined });
  return {
    coordinated: false,
    claim: (sessionId) => Promise.resolve(lease(sessionId)),
    wait: () => Promise.resolve(null),
    takeOver: (sessionId) => Promise.resolve(lease(sessionId)),
    post: () => undefined,
    subscribe: () => () => undefined,
  };
}

/** The page's coordinator: Web Locks and a BroadcastChannel when the browser has both, solo otherwise. */
export function createPageTabCoordinator(): TabCoordinator {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManagerLike }).locks;
  if (locks === undefined || typeof BroadcastChannel === 'undefined') return createSoloTabCoordinator();
  return createTabCoordinator(locks, new BroadcastChannel('loupe.sessions'));
}
