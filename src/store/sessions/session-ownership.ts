// Two tabs, one session: the page shows what its worker decided (it holds the session's Web Lock, see
// worker/sessions/session-ownership.ts): owner, or read-only following the owner, until one takes over.
import { readBranches } from './session-branches';
import { describeError } from '../loupe-state';
import { initialRunView } from '../run-view';
import type { SessionOwnership } from '../../protocol/tab-messages';
import type { SessionRestore } from './session-restore';
import type { SessionsSlice } from './sessions-state';
import type { SessionsContext } from './sessions-context';

/** The banner's words while another tab owns the open session. */
export const OPEN_ELSEWHERE =
  'This session is open in another tab, which saves it. Here it is read-only and follows that tab; take it over to work in it here.';
/** The banner's words after another tab took the session over. */
export const TAKEN_OVER =
  'Another tab took this session over: it saves it now. Here it is read-only; this tab stopped its run and writes nothing.';
/** The banner's words when the tab that owned the session closed (or let it go) and this one owns it now. */
export const OWNER_LEFT = 'The tab that had this session open closed: this tab saves it now.';
/** Bounds the wait for this tab's own run to end after a takeover stopped it. */
const STOP_WAIT_MS = 5_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type SessionOwnershipActions = Pick<SessionsSlice, 'takeOverSession'>;

/**
 * Wires `context.enterSession` and the worker's ownership messages: a session opened here is owned or shown
 * read-only as the worker says; a read-only tab follows the owner's checkpoints and becomes the owner when that
 * tab lets the session go, or takes over on request — the former owner's worker then stores what it buffered and
 * stops writing, and its page stops its run without recording its end and turns read-only. So a paused or
 * interrupted run is resumed by the owner alone, never twice.
 */
export function createSessionOwnership(context: SessionsContext, restore: SessionRestore): SessionOwnershipActions {
  const { get, update, keeper, deps } = context;
  const runEnds = new Map<string, () => void>();
  let refreshQueued = false;
  let refreshing: Promise<void> = Promise.resolve();

  /** Shows what the worker decided; the page keeps the session while its worker owns it. */
  const access = (ownership: SessionOwnership, note: string | null): void => {
    const owns = ownership.access === 'owner';
    if (owns) keeper.keep(ownership.sessionId);
    else keeper.letGo();
    context.owns = owns;
    update({ sessionAccess: owns ? 'owner' : 'read-only', sessionAccessNote: note });
  };

  function scheduleRefresh(): void {
    if (refreshQueued) return;
    refreshQueued = true;
    refreshing = refreshing.then(async () => {
      refreshQueued = false;
      await restore.refreshReadOnly();
    });
  }

  deps.client.subscribe((message) => {
    if (message.type === 'run-event' && message.event.type === 'run-end') runEnds.get(message.runId)?.();
    if (message.type === 'tab-notice') {
      const { notice } = message;
      if (notice.kind === 'sessions-changed') void context.refreshList();
      else if (notice.sessionId === context.current?.id && !context.owns) scheduleRefresh();
    }
    if (message.type !== 'session-ownership' || message.ownership.sessionId !== context.current?.id) return;
    if (message.ownership.access === 'owner') void becomeOwner(message.ownership, OWNER_LEFT);
    else void lose(message.ownership);
  });

  /** This tab now owns the session: it shows it as stored, resuming what the owner left. */
  async function becomeOwner(ownership: SessionOwnership, note: string | null): Promise<void> {
    const { sessionId } = ownership;
    const record = await context.db.getSession(sessionId).catch(() => undefined);
    if (context.current?.id !== sessionId) return;
    if (record !== undefined) context.current = record;
    access(ownership, note);
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

  /** Another tab took the session over; the worker stored what it buffered and stopped writing. */
  async function lose(ownership: SessionOwnership): Promise<void> {
    if (!context.owns) return;
    context.releasing = true;
    access(ownership, TAKEN_OVER);
    update({ sessionNotice: null });
    try {
      const { runId, phase } = get().runView;
      if (runId !== null && phase === 'running' && context.loadedRuns.has(runId)) {
        const ended = new Promise<void>((resolve) => runEnds.set(runId, resolve));
        await deps.client.send({ type: 'run-stop', runId }).catch(() => undefined);
        await Promise.race([ended, delay(STOP_WAIT_MS)]);
        runEnds.delete(runId);
      }
    } finally {
      context.releasing = false;
    }
    await restore.refreshReadOnly();
  }

  context.enterSession = async (record) => {
    // The worker takes a session this page still keeps back first (after its restart); any other is let go.
    if (keeper.kept() !== record.id) keeper.letGo();
    // Records kept on this page only (tests of other slices): no worker, no other tab.
    if (context.options.sessionStore === 'memory')
      return access({ sessionId: record.id, access: 'owner', reason: 'opened' }, null);
    const ownership = await deps.client.send({ type: 'session-enter', sessionId: record.id, tabId: keeper.tabId });
    if (context.current?.id !== record.id) return;
    const note = ownership.access === 'owner' ? null : ownership.reason === 'taken-over' ? TAKEN_OVER : OPEN_ELSEWHERE;
    access(ownership, note);
  };

  return {
    async takeOverSession() {
      const current = context.current;
      if (current === null || context.owns) return;
      update({ sessionAccess: 'taking-over' });
      // Kept from the start: a tab whose worker restarts meanwhile sees this one is taking the session.
      keeper.keep(current.id);
      try {
        const ownership = await deps.client.send({ type: 'session-take-over', sessionId: current.id });
        await becomeOwner(ownership, null);
      } catch (error) {
        access({ sessionId: current.id, access: 'read-only', reason: 'open-elsewhere' }, OPEN_ELSEWHERE);
        get().pushAlert(`Could not take the session over: ${describeError(error)}`);
      }
    },
  };
}
