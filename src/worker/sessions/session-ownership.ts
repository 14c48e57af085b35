// Which tab writes a session, decided in the worker: it holds the session's Web Lock while its tab owns the
// session, waits for it while another tab does, and says every change to its page.
import { holdLock, waitForRelease, type LockLease } from './session-lock';
import type { TabChannel } from './tab-channel';
import type { SessionOwnership } from '../../protocol/tab-messages';
import { keeperLockName, keepersOf, sessionLockName, type LockManagerLike } from '../../shared/sessions/session-locks';

/** Bounds the wait for a former owner to hand over (its tab may be frozen); its writes stop either way. */
export const HANDOVER_WAIT_MS = 10_000;

/** Without Web Locks: a lease on nothing, always held. */
const SOLO_LEASE: LockLease = { release: () => undefined, held: () => true };

export interface SessionOwnershipOptions {
  /** The worker's `navigator.locks`; `null` (none): this tab owns every session it opens, as before tabs agreed. */
  locks: LockManagerLike | null;
  channel: TabChannel;
  /** The run log: `own` starts storing this tab's runs; `release` writes what is buffered, then stores nothing. */
  runLog: { own(): void; release(): Promise<void> };
  /** Ownership changed by itself (taken over, or let go by the tab that owned it). */
  changed(ownership: SessionOwnership): void;
}

export interface WorkerSessionOwnership {
  enter(sessionId: string, tabId: string): Promise<SessionOwnership>;
  takeOver(sessionId: string): Promise<SessionOwnership>;
  /** Runs `remove` unless another tab has `sessionId` open; true when it ran. */
  unlessOpenElsewhere(sessionId: string, remove: () => Promise<void>): Promise<boolean>;
  /** The session this worker writes, if any. */
  owned(): string | null;
}

interface Entered {
  sessionId: string;
  tabId: string;
  lease: LockLease | null;
  waiting: AbortController | null;
  /** The lock while a waiting worker checks whether the owner's page still keeps the session. */
  probe: LockLease | null;
}

/**
 * The session's lock (`sessionLockName`) is held by the owning tab's worker: claimed if free, waited for in
 * turn, stolen only by Take over. A worker that crashes drops it, so the owning page also keeps a keeper lock
 * (`keeperLockName`) that outlives its worker: a waiting worker granted the session's lock while another page
 * keeps the session lets it go again and waits for that page, and the page's restarted worker takes it back.
 */
export function createSessionOwnership(options: SessionOwnershipOptions): WorkerSessionOwnership {
  const { locks, channel, runLog } = options;
  let entered: Entered | null = null;
  let owning = false;

  const ownership = (sessionId: string, access: SessionOwnership['access'], reason: SessionOwnership['reason']) => ({
    sessionId,
    access,
    reason,
  });

  /** Tab ids other than `tabId` whose pages keep `sessionId`. */
  async function otherKeepers(current: Entered): Promise<string[]> {
    const { held = [] } = (await locks?.query()) ?? {};
    return keepersOf(current.sessionId, held).filter((tabId) => tabId !== current.tabId);
  }

  /** This tab stops writing: what the run log buffered is stored first (the next owner reads it). */
  async function stopOwning(): Promise<void> {
    if (!owning) return;
    owning = false;
    await runLog.release();
  }

  function grant(current: Entered, lease: LockLease, reason: SessionOwnership['reason']): SessionOwnership {
    current.lease = lease;
    if (!owning) runLog.own();
    owning = true;
    return ownership(current.sessionId, 'owner', reason);
  }

  /** Says the session is handed over: to other tabs, and to a takeover of this worker's own (a channel never hears itself). */
  const handedOver = new Set<(sessionId: string) => void>();
  function release(sessionId: string): void {
    channel.post({ type: 'session-released', sessionId });
    for (const listener of [...handedOver]) listener(sessionId);
  }

  /** The former owner stores what it buffered and says so; a frozen tab is not waited for longer. */
  function waitForHandover(sessionId: string): { done: Promise<void>; stop: () => void } {
    let heard: (released: string) => void = () => undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, HANDOVER_WAIT_MS);
      heard = (released) => void (released === sessionId && resolve());
    });
    const unsubscribe = channel.subscribe((message) => {
      if (message.type === 'session-released') heard(message.sessionId);
    });
    handedOver.add(heard);
    return {
      done,
      stop() {
        clearTimeout(timer);
        unsubscribe();
        handedOver.delete(heard);
      },
    };
  }

  /** Another tab stole the lock: store what is buffered, stop writing, say so, and wait for the session again. */
  async function lose(current: Entered): Promise<void> {
    // Stolen while only checking the keepers (not owning): nothing was written, so the taker need not wait.
    if (current.lease === null) return release(current.sessionId);
    current.lease = null;
    await stopOwning();
    release(current.sessionId);
    if (entered !== current) return;
    options.changed(ownership(current.sessionId, 'read-only', 'taken-over'));
    wait(current);
  }

  const sessionLock = (current: Entered, lockOptions: Parameters<typeof holdLock>[2]) =>
    holdLock(locks!, sessionLockName(current.sessionId), lockOptions, () => void lose(current));

  /** While read-only: owns the session once the tab owning it closes or lets it go. */
  function wait(current: Entered): void {
    const controller = new AbortController();
    current.waiting = controller;
    const { signal } = controller;
    void (async () => {
      while (!signal.aborted) {
        const lease = await sessionLock(current, { signal });
        if (lease === null) return;
        current.probe = lease;
        const keepers = await otherKeepers(current);
        // Taken over by this tab meanwhile (it holds the lock now), or let go by leaving (which released it).
        if (current.probe !== lease) return;
        current.probe = null;
        if (keepers.length === 0 && lease.held() && entered === current && !signal.aborted) {
          current.waiting = null;
          options.changed(grant(current, lease, 'left'));
          return;
        }
        // The owner's page is there, its worker restarting: the lock is that worker's to take back.
        lease.release();
        if (keepers[0] !== undefined)
          await waitForRelease(locks!, keeperLockName(current.sessionId, keepers[0]), signal);
      }
    })().catch(() => undefined);
  }

  function leave(): void {
    entered?.waiting?.abort();
    entered?.probe?.release();
    if (entered !== null) entered.probe = null;
    entered?.lease?.release();
    entered = null;
  }

  return {
    async enter(sessionId, tabId) {
      // The keeper's name holds the tab id before a `:`; one with a `:` would read as another page's.
      if (!/^[\w-]{1,100}$/.test(tabId)) throw new Error('A tab id is letters, digits, `_` and `-` only.');
      if (entered?.sessionId === sessionId && entered.tabId === tabId && entered.lease !== null)
        return ownership(sessionId, 'owner', 'opened');
      leave();
      const current: Entered = { sessionId, tabId, lease: null, waiting: null, probe: null };
      entered = current;
      if (locks === null) return grant(current, SOLO_LEASE, 'opened');
      const keepers = keepersOf(sessionId, (await locks.query()).held ?? []);
      const kept = keepers.includes(tabId);
      if (!keepers.some((keeper) => keeper !== tabId)) {
        // Kept by this page, and by no other: its worker was restarted. Whoever holds the lock now is a waiting
        // worker about to give it back, or this tab's old worker, hung, which its page ended but whose lock the
        // browser may not have let go yet: taking it from either takes nothing from another tab.
        const lease = await sessionLock(current, kept ? { steal: true } : { ifAvailable: true });
        if (lease !== null && entered === current && (await otherKeepers(current)).length === 0 && lease.held())
          return grant(current, lease, kept ? 'kept' : 'opened');
        lease?.release();
      }
      await stopOwning();
      if (entered === current) wait(current);
      return ownership(sessionId, 'read-only', kept ? 'taken-over' : 'open-elsewhere');
    },

    async takeOver(sessionId) {
      const current = entered;
      if (current?.sessionId !== sessionId) throw new Error('That session is not open in this tab.');
      if (current.lease !== null) return ownership(sessionId, 'owner', 'took-over');
      current.waiting?.abort();
      current.waiting = null;
      if (locks === null) return grant(current, SOLO_LEASE, 'took-over');
      // This worker was checking the session's keepers with the lock in hand: it is this tab's now.
      const probe = current.probe;
      current.probe = null;
      if (probe?.held() === true) return grant(current, probe, 'took-over');
      const free = await sessionLock(current, { ifAvailable: true });
      if (free !== null) return grant(current, free, 'took-over');
      const handover = waitForHandover(sessionId);
      try {
        const lease = await sessionLock(current, { steal: true });
        if (lease === null) throw new Error('The browser did not hand the session over.');
        await handover.done;
        if (!lease.held()) throw new Error('Another tab took the session meanwhile.');
        return grant(current, lease, 'took-over');
      } catch (error) {
        if (entered === current) wait(current);
        throw error;
      } finally {
        handover.stop();
      }
    },

    async unlessOpenElsewhere(sessionId, remove) {
      if (locks === null || (entered?.sessionId === sessionId && entered.lease !== null)) {
        await remove();
        return true;
      }
      const current: Entered = { sessionId, tabId: entered?.tabId ?? '', lease: null, waiting: null, probe: null };
      if ((await otherKeepers(current)).length > 0) return false;
      const lease = await holdLock(locks, sessionLockName(sessionId), { ifAvailable: true });
      if (lease === null) return false;
      try {
        await remove();
        return true;
      } finally {
        lease.release();
      }
    },

    owned: () => (entered?.lease != null ? entered.sessionId : null),
  };
}
