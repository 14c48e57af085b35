// Restore and resume: a stored run back in the worker and the timeline, a paused run going on from its pause.
import type { RunEvent } from '../../engine/event/run-event';
import { buildRunSettings } from '../build-provider-settings';
import { describeError } from '../loupe-state';
import { initialRunView } from '../run-view';
import { foldInParts } from './load-in-parts';
import type { InterruptedRuns } from './interrupted-run';
import { restoreBranchFamily } from './restore-branch-family';
import { readBranches } from './session-branches';
import type { SessionRecord, StoredRun } from './session-record';
import { openInWorker } from './open-in-worker';
import { openStoredView, readKeptView } from './open-stored-view';
import { settleImport } from './settle-import';
import { showStoredTail, type ShownTail } from './show-stored-tail';
import type { PendingRun, SessionsContext } from './sessions-context';

export interface SessionRestore {
  /**
   * Makes sure the worker knows `run` of session `sessionId` (default: the open one; after a reload it only lives
   * in storage); returns its stored events.
   */
  ensureLoaded(run: StoredRun, showInterruption: boolean, sessionId?: string): Promise<RunEvent[]>;
  /** The shown run's branches back in the switcher and the worker (their runs loaded). */
  restoreFamily(record: SessionRecord): Promise<void>;
  /** Shows run `runId` of `record` in the timeline (restoring it first). */
  showStored(record: SessionRecord, runId: string | null): Promise<void>;
  /** What a read-only tab shows: the open session's record and active run as stored, read again. */
  refreshReadOnly(): Promise<void>;
  /** Starts a run the session will store under `meta`; a failure to start ends the shown run with an alert. */
  startTracked(runId: string, meta: PendingRun, send: () => Promise<unknown>): Promise<void>;
}

export function createSessionRestore(context: SessionsContext, interrupted: InterruptedRuns): SessionRestore {
  const { get, update, deps, loadedRuns } = context;

  async function ensureLoaded(
    run: StoredRun,
    showInterruption: boolean,
    sessionId = context.current?.id ?? '',
  ): Promise<RunEvent[]> {
    // The worker settles the run (closed, kept open for the person's choice, an import cut short closed) and sends
    // its log; a long shown run's last rounds come first and are shown while the rest is read.
    const before = get().runView;
    let tail: Promise<ShownTail | null> = Promise.resolve(null);
    const showTail = (events: RunEvent[]) => (tail = showStoredTail(context, run, events, before).catch(() => null));
    let opened = await openStoredView(context, sessionId, run.runId, showInterruption ? 'show' : 'close', showTail);
    const shown = await tail;
    const { events } = opened;
    if (shown !== null) clearTailNotice(shown);
    // The person moved on while the log was read (a new run, another session): loaded, not shown; a run cut
    // short is closed there, as starting another run closes it.
    if (shown !== null && get().runView !== shown.view && opened.state === 'kept-open')
      opened = { ...(await openInWorker(context, sessionId, run.runId, 'close')), events };
    const all = [...events, ...opened.closingEvents];
    if (opened.importCutShort !== undefined && showInterruption)
      update({ runView: events.length === 0 ? { ...initialRunView } : await foldInParts(all) });
    await settleImport(context, run, opened, showInterruption);
    if (opened.importCutShort !== undefined || opened.state === 'empty') return all;
    if (opened.state === 'kept-open') {
      // Cut short while working: the worker keeps the log open until the person resumes it or ends it here.
      // Held at a pause (the worker's open says so): it goes on there; otherwise the person chooses.
      if (!opened.heldPause || !(await resumeAtPause(run, events)))
        await interrupted.offer(run, events, opened.heldPause);
      return events;
    }
    if (shown !== null) {
      const view = await foldInParts(all);
      if (get().runView === shown.view) update({ runView: view });
    } else if (showInterruption) await interrupted.showClosed(events, all, opened);
    return all;
  }

  /** The tail's "Restoring…" notice goes once the whole log is read (unless another notice took its place). */
  function clearTailNotice(tail: ShownTail): void {
    if (get().sessionNotice === tail.notice) update({ sessionNotice: null });
  }

  async function restoreFamily(record: SessionRecord): Promise<void> {
    await restoreBranchFamily({
      branches: readBranches(record),
      shownView: get().runView,
      async loadRun(runId) {
        const run = record.runs.find((candidate) => candidate.runId === runId);
        if (run === undefined) return [];
        if (!loadedRuns.has(runId)) return ensureLoaded(run, false);
        // Kept here (and perhaps still going): sent as kept, not opened again.
        return readKeptView(context, runId);
      },
      restore: (family, views) => get().restoreBranches(family, views),
    });
  }

  /**
   * A run held at a pause when the page went away (the open's `heldPause`) goes on as the same run, held at that
   * pause in step mode, from the log the worker kept open. False (the run is restored as interrupted instead) when
   * the key it needs was not remembered, or when the worker refused.
   */
  async function resumeAtPause(run: StoredRun, events: RunEvent[]): Promise<boolean> {
    const { settings, debug } = get();
    if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') return false;
    const view = await foldInParts(events);
    update({ runView: view, sessionNotice: null, resumeHistory: null });
    // The held call needs its tool: the page's servers reconnect first (a failed one stays failed).
    await context.waitForServers();
    try {
      await deps.client.send({
        type: 'run-resume',
        runId: run.runId,
        settings: {
          ...buildRunSettings(settings, get().currentSessionId),
          tools: get().toolSelection,
          debug: debug.settings,
        },
      });
    } catch (error) {
      get().pushAlert(`The paused run could not go on from its pause: ${describeError(error)}`);
      update({ runView: { ...initialRunView } });
      return false;
    }
    loadedRuns.add(run.runId);
    await get().followResumedRun(run.runId);
    return true;
  }

  async function refreshReadOnly(): Promise<void> {
    const id = context.current?.id;
    const record = id === undefined ? undefined : await context.db.getSession(id).catch(() => undefined);
    if (record === undefined || context.current?.id !== id || context.owns) return;
    context.current = record;
    update({ sessionRuns: [...record.runs], sessionBranches: readBranches(record) });
    const run = record.runs.find((candidate) => candidate.runId === record.activeRunId);
    // The worker keeps a copy (so export and compare work here too), kept open as only the owner may close it, and
    // sends its log for the view.
    const opened =
      run === undefined ? null : await openStoredView(context, id ?? '', run.runId, 'keep').catch(() => null);
    if (context.current?.id !== id || context.owns) return;
    const view = await foldInParts(opened?.events ?? []);
    if (context.current?.id !== id || context.owns) return;
    update({ runView: view });
  }

  async function showStored(record: SessionRecord, runId: string | null): Promise<void> {
    if (!context.owns) return refreshReadOnly();
    const run = record.runs.find((candidate) => candidate.runId === runId);
    if (run === undefined) {
      update({ runView: { ...initialRunView } });
      return;
    }
    if (get().runView.runId === run.runId) return;
    try {
      await ensureLoaded(run, true);
      if (get().runView.runId === run.runId) await restoreFamily(record);
    } catch (error) {
      get().pushAlert(`Could not restore the run: ${describeError(error)}`);
    }
  }

  async function startTracked(runId: string, meta: PendingRun, send: () => Promise<unknown>): Promise<void> {
    context.pending.set(runId, meta);
    update({ runView: { ...initialRunView, runId, phase: 'running' }, sessionNotice: null });
    try {
      await send();
    } catch (error) {
      const text = describeError(error);
      update({ runView: { ...get().runView, phase: 'ended', finishReason: 'error', error: { message: text } } });
      get().pushAlert(`The run could not start: ${text}`);
    }
  }

  return { ensureLoaded, restoreFamily, showStored, refreshReadOnly, startTracked };
}
