// The Web Locks tabs agree on for a session, named once for the page and the worker that both take them.

/** What `navigator.locks.request` may be given here. */
export interface LockOptions {
  ifAvailable?: boolean;
  steal?: boolean;
  signal?: AbortSignal;
}

/** The part of `navigator.locks` used (the worker's and the page's; a fake implements it in tests). */
export interface LockManagerLike {
  request(name: string, options: LockOptions, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
  /** The names of the locks held now (`navigator.locks.query()` gives more; only names are read). */
  query(): Promise<{ held?: readonly { name?: string }[] }>;
}

/** The session's lock: the worker of the tab that owns (writes) the session holds it. */
export const sessionLockName = (sessionId: string): string => `loupe.session.${sessionId}`;

const KEEPER_PREFIX = 'loupe.keeper:';

/**
 * The owning tab's keeper of the session: held by its page (which outlives a crashed worker) while its worker owns
 * the session, so a tab waiting for the session lets a restarted worker take it back first. `tabId` is the page's
 * own id (no `:` in it); the session id, which may be anything, comes last and is compared whole.
 */
export const keeperLockName = (sessionId: string, tabId: string): string => `${KEEPER_PREFIX}${tabId}:${sessionId}`;

/** The tab ids whose pages keep `sessionId`, read from the names of `held` locks. */
export function keepersOf(sessionId: string, held: readonly { name?: string }[]): string[] {
  return held.flatMap(({ name }) => {
    if (name?.startsWith(KEEPER_PREFIX) !== true) return [];
    const rest = name.slice(KEEPER_PREFIX.length);
    const colon = rest.indexOf(':');
    return colon > 0 && rest.slice(colon + 1) === sessionId ? [rest.slice(0, colon)] : [];
  });
}
