// Two tabs, one session: one tab owns (writes) it, the others show it read-only and follow it, until one takes over.
import { readBranches } from './session-branches';
import { describeError } from '../loupe-state';
import { initialRunView } from '../run-view';
import type { SessionRestore } from './session-restore';
import type { SessionsSlice } from './sessions-state';
import type { SessionsContext } from './sessions-context';
import type { SessionLease } from './tab-coordinator';

/** The banner's words while another tab owns the open session. */
export const OPEN_ELSEWHERE =
  'This session is open in another tab, which saves it. Here it is read-only and follows that tab; take it over to work in it here.';
/** The banner's words after another tab took the session over. */
export const TAKEN_OVER =
  'Another tab took this session over: it saves it now. Here it is read-only; this tab stopped its run and writes nothing.';
/** Bounds the wait for the former owner to hand over (it may be frozen); its writes stop either way. */
const HANDOVER_WAIT_MS = 10_000;
/** Bounds the wait for this tab's own run to end after a takeover stopped it. */
const STOP_WAIT_MS = 5_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type SessionOwnershipActions = Pick<SessionsSlice, 'takeOverSession'>;

/**
 * Wires `context.enterSession` and the tab messages: a session opened here is claimed (Web Locks) or shown
 * read-only; a read-only tab follows the owner's checkpoints, becomes the owner when that tab closes, or
 * takes over on request — the former owner then flushes, stops its run without recording its end, says so
 * and turns read-only. So a paused or interrupted run is resumed by the owner alone, never twice.
 */
export function createSessionOwnership(context: SessionsContext, restore: SessionRestore): SessionOwnershipActions {
  const { get, update, tabs, deps } = context;
  let lease: SessionLease | null = null;
  let waiting: AbortController | null = null;
  const handedOver = new Map<string, () => void>();
  const runEnds = new Map<string, () => void>();
  let refreshQueued = false;
  let refreshing: Promise<void> = Promise.resolve();

  const access = (owns: boolean, note: string | null): void => {
    context.owns = owns;
    update({ sessionAccess: owns ? 'owner' : 'read-only', sessionAccessNote: note });
    // The worker stores runs only while this tab owns the session.
    void context.runLog.track(owns).catch(context.reportStorage);
  };

  function scheduleRefresh(): void {
    if (refreshQueued) return;
    refreshQueued = true;
    refreshing = refreshing.then(async () => {
      refreshQueued = false;
      await restore.refreshReadOnly();
    });
  }

  tabs.subscribe((message) => {
    if (message.type === 'sessions-changed') void context.refreshList();
    else if (message.type === 'session-released') handedOver.get(message.sessionId)?.();
    else if (message.sessionId === context.current?.id && !context.owns) scheduleRefresh();
  });
  deps.client.subscribe((message) => {
    if (message.type === 'run-event' && message.event.type === 'run-end') runEnds.get(message.runId)?.();
  });

  /** This tab now owns `sessionId`: it shows the session as stored, resuming what the owner left. */
  async function becomeOwner(sessionId: string, note: string | null): Promise<void> {
    const record = await context.db.getSession(sessionId).catch(() => undefined);
    if (context.current?.id !== sessionId) return;
    if (record !== undefined) context.current = record;
    access(true, note);
    const current = context.current;
    update({
      sessionRuns: [...current.runs],
      sessionBranches: readBranches(current),
      runView: { ...initialRunView },
      sessionNotice: null,
      resumeHistory: null,
    });
    await restore.showStored(current, current.activeRunId);
  }

  /** While read-only: owns the session as soon as the tab holding it closes. */
  function waitForOwner(sessionId: string): void {
    const controller = new AbortController();
    waiting = controller;
    void tabs
      .wait(sessionId, () => void lose(sessionId), controller.signal)
      .then(async (granted) => {
        if (granted === null) return;
        if (waiting !== controller || context.current?.id !== sessionId) return granted.release();
        waiting = null;
        lease = granted;
        await becomeOwner(sessionId, 'The tab that had this session open closed: this tab saves it now.');
      });
  }

  /** Another tab took `sessionId` over: stop writing, stop the run here, hand over, then follow read-only. */
  async function lose(sessionId: string): Promise<void> {
    if (lease?.sessionId !== sessionId) return;
    lease = null;
    context.releasing = true;
    update({ sessionAccess: 'read-only', sessionAccessNote: TAKEN_OVER, sessionNotice: null });
    try {
      // What was buffered before the takeover is this tab's run up to now: the worker writes it, then stops, and
      // the new owner reads it.
      await context.runLog.track(false).catch(context.reportStorage);
      context.owns = false;
      const { runId, phase } = get().runView;
      if (runId !== null && phase === 'running' && context.loadedRuns.has(runId)) {
        const ended = new Promise<void>((resolve) => runEnds.set(runId, resolve));
        await deps.client.send({ type: 'run-stop', runId }).catch(() => undefined);
        await Promise.race([ended, delay(STOP_WAIT_MS)]);
        runEnds.delete(runId);
      }
    } finally {
      context.owns = false;
      context.releasing = false;
      access(false, TAKEN_OVER);
      tabs.post({ type: 'session-released', sessionId });
    }
    await restore.refreshReadOnly();
    if (context.current?.id === sessionId) waitForOwner(sessionId);
  }

  context.enterSession = async (record) => {
    waiting?.abort();
    waiting = null;
    if (lease !== null && lease.sessionId !== record.id) {
      lease.release();
      lease = null;
    }
    if (lease === null) lease = await tabs.claim(record.id, () => void lose(record.id));
    if (lease !== null) return access(true, null);
    access(false, OPEN_ELSEWHERE);
    waitForOwner(record.id);
  };

  return {
    async takeOverSession() {
      const current = context.current;
      if (current === null || context.owns) return;
      const sessionId = current.id;
      waiting?.abort();
      waiting = null;
      update({ sessionAccess: 'taking-over' });
      try {
        const onLost = () => void lose(sessionId);
        lease = await tabs.claim(sessionId, onLost);
        if (lease === null) {
          const released = new Promise<void>((resolve) => handedOver.set(sessionId, resolve));
          lease = await tabs.takeOver(sessionId, onLost);
          await Promise.race([released, delay(HANDOVER_WAIT_MS)]);
          handedOver.delete(sessionId);
        }
        await becomeOwner(sessionId, null);
      } catch (error) {
        access(false, OPEN_ELSEWHERE);
        get().pushAlert(`Could not take the session over: ${describeError(error)}`);
        waitForOwner(sessionId);
      }
    },
  };
}
