// Tabs on one session, as the workers decide it: over a lock manager that queues, releases what an ended agent
// held, and steals as the browser's does. Moved from the page's session-ownership tests (src/store/sessions/),
// with the restart cases the worker now answers for.
import { describe, expect, it, vi } from 'vitest';
import type { SessionOwnership } from '../../protocol/tab-messages';
import { createMemoryLockManager, type MemoryLockAgent } from '../../shared/sessions/memory-lock-manager';
import { keeperLockName, keepersOf, sessionLockName } from '../../shared/sessions/session-locks';
import { createSessionOwnership } from './session-ownership';
import { createTabChannel, type ChannelLike } from './tab-channel';

/** BroadcastChannels of one name: each hears what the others post (never itself), a task later. */
function memoryChannels() {
  const all = new Set<(data: unknown) => void>();
  return (): ChannelLike => {
    let listener: (data: unknown) => void = () => undefined;
    const deliver = (data: unknown) => listener(data);
    all.add(deliver);
    return {
      postMessage: (data) => {
        for (const other of all) if (other !== deliver) queueMicrotask(() => other(data));
      },
      addEventListener: (_type, given) => (listener = (data) => given({ data })),
    };
  };
}

function browser() {
  const locks = createMemoryLockManager();
  const channel = memoryChannels();
  let tabs = 0;

  /** One tab: a page (its keeper) and a worker, which may crash and be started again. */
  function tab() {
    const tabId = `tab-${++tabs}`;
    const page = locks.agent();
    let keeping: (() => void) | null = null;
    const log: string[] = [];
    const changes: SessionOwnership[] = [];

    function startWorker() {
      const agent: MemoryLockAgent = locks.agent();
      const ownership = createSessionOwnership({
        locks: agent,
        channel: createTabChannel(channel()),
        runLog: { own: () => log.push('own'), release: () => Promise.resolve(void log.push('release')) },
        // The page hears only its current worker (the client drops what a replaced one posts).
        changed: (change) => {
          if (current.worker.agent !== agent) return;
          changes.push(change);
          keep(change);
        },
      });
      return { agent, ownership, enter: async (sessionId: string) => keep(await ownership.enter(sessionId, tabId)) };
    }

    /** What the page does with each answer: keeps the session while its worker owns it. */
    function keep(ownership: SessionOwnership): SessionOwnership {
      keeping?.();
      keeping = null;
      if (ownership.access === 'owner')
        void page.request(
          keeperLockName(ownership.sessionId, tabId),
          {},
          () => new Promise<void>((done) => (keeping = done)),
        );
      return ownership;
    }

    const current: { worker: ReturnType<typeof startWorker> } = { worker: startWorker() };
    return {
      tabId,
      log,
      changes,
      get worker() {
        return current.worker;
      },
      enter: (sessionId: string) => current.worker.enter(sessionId),
      takeOver: async (sessionId: string) => keep(await current.worker.ownership.takeOver(sessionId)),
      /** The worker crashed (its locks are dropped) and a new one starts; the page stays. */
      restart() {
        current.worker.agent.end();
        current.worker = startWorker();
      },
      /** The worker hung: its page starts a new one, but the browser has not let the old one's locks go. */
      replaceHung() {
        current.worker = startWorker();
      },
      close() {
        current.worker.agent.end();
        page.end();
      },
    };
  }

  const held = async () => ((await locks.agent().query()).held ?? []).map((lock) => lock.name);
  return { tab, held };
}

/** Two tabs that opened session `s` in turn: the first owns it, the second waits for it. */
async function twoTabsOnOneSession() {
  const made = browser();
  const first = made.tab();
  const second = made.tab();
  await first.enter('s');
  await second.enter('s');
  return { ...made, first, second };
}

describe('tabs on one session, decided in the worker', () => {
  it('the first tab owns it, the next follows read-only and owns it once the first closes', async () => {
    const { tab } = browser();
    const first = tab();
    const second = tab();
    expect(await first.enter('s')).toEqual({ sessionId: 's', access: 'owner', reason: 'opened' });
    expect(await second.enter('s')).toEqual({ sessionId: 's', access: 'read-only', reason: 'open-elsewhere' });
    expect(first.log).toEqual(['own']);
    expect(second.log).toEqual([]);

    first.close();
    await vi.waitFor(() => expect(second.changes).toEqual([{ sessionId: 's', access: 'owner', reason: 'left' }]));
    expect(second.log).toEqual(['own']);
  });

  it('a restarted worker takes the session back before the tab waiting for it; that tab owns it after the first closes', async () => {
    const { first, second, held } = await twoTabsOnOneSession();
    await vi.waitFor(async () => expect(await held()).toContain(keeperLockName('s', first.tabId)));

    // The worker dies: its lock is dropped, and the waiting tab is granted it — but the first page still keeps
    // the session, so that tab gives it back and waits for the page.
    first.restart();
    expect(await first.enter('s')).toEqual({ sessionId: 's', access: 'owner', reason: 'kept' });
    expect(second.changes).toEqual([]);
    expect(await held()).toContain(sessionLockName('s'));

    // Twice: the second restart finds the waiting tab queued on the page's keeper, not on the lock.
    first.restart();
    expect(await first.enter('s')).toEqual({ sessionId: 's', access: 'owner', reason: 'kept' });
    expect(second.changes).toEqual([]);

    first.close();
    await vi.waitFor(() => expect(second.changes).toEqual([{ sessionId: 's', access: 'owner', reason: 'left' }]));
  });

  it('a worker restarted after a hang takes the lock from the old one, which never let it go', async () => {
    const { first, second } = await twoTabsOnOneSession();
    const hung = first.worker;
    first.replaceHung();
    expect(await first.enter('s')).toEqual({ sessionId: 's', access: 'owner', reason: 'kept' });
    expect(hung.ownership.owned()).toBeNull();
    expect(second.changes).toEqual([]);
    expect(second.worker.ownership.owned()).toBeNull();
  });

  it('take over steals the lock: the former owner stores what it buffered, says so, and follows read-only', async () => {
    const { first, second } = await twoTabsOnOneSession();
    expect(await second.takeOver('s')).toEqual({ sessionId: 's', access: 'owner', reason: 'took-over' });
    // The taker's reply waited for the former owner's `session-released`, sent after its run log was written.
    expect(first.log).toEqual(['own', 'release']);
    expect(first.changes).toEqual([{ sessionId: 's', access: 'read-only', reason: 'taken-over' }]);
    expect(first.worker.ownership.owned()).toBeNull();
    expect(second.worker.ownership.owned()).toBe('s');

    // And back: the former owner waits in turn; taking over works the same way round.
    expect(await first.takeOver('s')).toMatchObject({ access: 'owner' });
    await vi.waitFor(() => expect(second.changes.at(-1)).toMatchObject({ access: 'read-only', reason: 'taken-over' }));
  });

  it('a tab taken over while its worker restarts comes back read-only, and the taker keeps the session', async () => {
    const { first, second } = await twoTabsOnOneSession();
    first.worker.agent.end();
    // Nobody holds the lock: Take over does not wait for a former owner to hand over.
    expect(await second.takeOver('s')).toMatchObject({ access: 'owner', reason: 'took-over' });
    first.restart();
    expect(await first.enter('s')).toEqual({ sessionId: 's', access: 'read-only', reason: 'taken-over' });
    expect(second.worker.ownership.owned()).toBe('s');
  });

  it('a tab entering a session another page keeps (its worker restarting) waits; it never takes it', async () => {
    const { tab } = browser();
    const first = tab();
    await first.enter('s');
    first.worker.agent.end();
    const second = tab();
    expect(await second.enter('s')).toEqual({ sessionId: 's', access: 'read-only', reason: 'open-elsewhere' });
    first.close();
    await vi.waitFor(() => expect(second.changes).toEqual([{ sessionId: 's', access: 'owner', reason: 'left' }]));
  });

  it('a tab that opens another session lets the first go to the tab waiting for it', async () => {
    const { first, second } = await twoTabsOnOneSession();
    expect(await first.enter('t')).toMatchObject({ sessionId: 't', access: 'owner' });
    await vi.waitFor(() => expect(second.changes).toEqual([{ sessionId: 's', access: 'owner', reason: 'left' }]));
    // Owning one session after another, the run log kept storing: it was never released in between.
    expect(first.log).toEqual(['own']);
  });

  it('deletes a session only when no other tab has it open or keeps it', async () => {
    const { tab } = browser();
    const first = tab();
    const second = tab();
    await first.enter('s');
    const removed: string[] = [];
    const remove = (id: string) => () => Promise.resolve(void removed.push(id));
    expect(await second.worker.ownership.unlessOpenElsewhere('s', remove('s'))).toBe(false);
    first.worker.agent.end();
    // Its worker is gone, its page still keeps it.
    await vi.waitFor(async () =>
      expect(await second.worker.ownership.unlessOpenElsewhere('s', remove('s'))).toBe(false),
    );
    expect(await second.worker.ownership.unlessOpenElsewhere('u', remove('u'))).toBe(true);
    first.close();
    expect(await second.worker.ownership.unlessOpenElsewhere('s', remove('s'))).toBe(true);
    expect(removed).toEqual(['u', 's']);
  });

  it('without Web Locks every tab owns what it opens, as before tabs agreed', async () => {
    const log: string[] = [];
    const ownership = createSessionOwnership({
      locks: null,
      channel: createTabChannel(null),
      runLog: { own: () => log.push('own'), release: () => Promise.resolve() },
      changed: () => undefined,
    });
    expect(await ownership.enter('s', 'a')).toMatchObject({ access: 'owner' });
    expect(await ownership.takeOver('s')).toMatchObject({ access: 'owner' });
    expect(log).toEqual(['own']);
  });
});

describe('lock names', () => {
  it('refuses a tab id that could read as another page’s keeper', async () => {
    const ownership = createSessionOwnership({
      locks: createMemoryLockManager().agent(),
      channel: createTabChannel(null),
      runLog: { own: () => undefined, release: () => Promise.resolve() },
      changed: () => undefined,
    });
    for (const tabId of ['', 'tab-1:s', 'a'.repeat(101), 'tab 1'])
      await expect(ownership.enter('s', tabId)).rejects.toThrow(/tab id/);
    await expect(ownership.enter('s', crypto.randomUUID())).resolves.toMatchObject({ access: 'owner' });
  });

  it('a keeper is read back whole: no session id can pass for another session’s keeper', () => {
    const held = [
      { name: keeperLockName('s', 'tab-1') },
      { name: keeperLockName('s:x', 'tab-2') },
      { name: keeperLockName('x', 's') },
      { name: sessionLockName('s') },
      { name: `loupe.keeper::s` },
      {},
    ];
    expect(keepersOf('s', held)).toEqual(['tab-1']);
    expect(keepersOf('s:x', held)).toEqual(['tab-2']);
  });
});
