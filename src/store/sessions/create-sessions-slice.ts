// Sessions: persisted in IndexedDB, checkpointed at each phase boundary, restored on load; import and replay.
import type { RunEvent } from '../../engine/event/run-event';
import type { Message } from '../../engine/message/message';
import { MAX_TRANSCRIPT_BYTES } from '../../protocol/session-messages';
import { applyRunEvent } from '../apply-run-event';
import { buildRunSettings } from '../build-provider-settings';
import { describeError } from '../loupe-state';
import type { GetLoupeState, LoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import { saveServers, storedServerUrl, toPersistedServer } from '../persist-servers';
import { readString, writeItem } from '../safe-storage';
import { initialRunView } from '../run-view';
import { createCheckpointer } from './create-checkpointer';
import type { PageLifecycleTarget } from './flush-on-page-hide';
import { describeInterruption } from './describe-interruption';
import { findHeldPause } from './find-held-pause';
import { createMemorySessionDb } from './memory-session-db';
import { openSessionDb } from './session-db';
import type { SessionDb } from './session-db';
import { restoreBranchFamily } from './restore-branch-family';
import { readBranches, remapBranches, writeBranches } from './session-branches';
import { pickSessionSettings, summarize } from './session-record';
import type { SessionRecord, StoredRun } from './session-record';
import type { SessionsSlice } from './sessions-state';

export const CURRENT_SESSION_KEY = 'loupe.session';

export interface SessionsOptions {
  /** The page's IndexedDB; `null` (none reachable) keeps sessions in memory and says so; `memory` keeps them in memory quietly (tests). */
  indexedDB: IDBFactory | null | 'memory';
  now: () => number;
  /** The page whose hiding or unloading writes the buffered events (the window; none in tests). */
  page?: PageLifecycleTarget | null;
}

export function createSessionsSlice(
  set: SetLoupeState,
  get: GetLoupeState,
  deps: SliceDependencies,
  options: SessionsOptions,
): SessionsSlice {
  const state = get;
  const update = (partial: Partial<LoupeState>): void => set(partial);
  let db: SessionDb = createMemorySessionDb();
  let current: SessionRecord | null = null;
  const loadedRuns = new Set<string>();
  const pending = new Map<string, Pick<StoredRun, 'origin' | 'label' | 'sourceRunId'>>();
  let reportedStorage = false;

  const reportStorage = (error: unknown): void => {
    const message = describeError(error);
    update({ storageProblem: message });
    if (!reportedStorage) get().pushAlert(message);
    reportedStorage = true;
  };
  const checkpointer = createCheckpointer(
    (runId, from, events) => db.appendEvents(runId, from, events),
    reportStorage,
    options.page ?? null,
  );

  async function save(record: SessionRecord): Promise<void> {
    record.updatedAt = options.now();
    try {
      await db.putSession(record);
    } catch (error) {
      reportStorage(error);
    }
    await refreshList();
  }

  async function refreshList(): Promise<void> {
    try {
      const all = await db.listSessions();
      update({ sessions: all.map(summarize).sort((left, right) => right.updatedAt - left.updatedAt) });
    } catch (error) {
      reportStorage(error);
    }
  }

  function blankSession(name: string): SessionRecord {
    const now = options.now();
    return {
      id: deps.createId(),
      name,
      createdAt: now,
      updatedAt: now,
      settings: pickSessionSettings(get().settings),
      servers: get().servers.map(toPersistedServer),
      runs: [],
      activeRunId: null,
      extensions: {},
    };
  }

  function makeCurrent(record: SessionRecord): void {
    current = record;
    writeItem(deps.storage, CURRENT_SESSION_KEY, record.id);
    update({ currentSessionId: record.id, sessionRuns: [...record.runs], sessionNotice: null, resumeHistory: null });
  }

  /** Makes sure the worker knows `run` (after a reload it only lives in storage); returns its stored events. */
  async function ensureLoaded(run: StoredRun, showInterruption: boolean): Promise<RunEvent[]> {
    const events = await db.readEvents(run.runId).catch((error: unknown) => {
      reportStorage(error);
      return [] as RunEvent[];
    });
    if (events.length === 0) return events;
    if (showInterruption && (await resumeAtPause(run, events))) return events;
    const result = await deps.client.send({
      type: 'run-load',
      runId: run.runId,
      events,
      ...(run.meta ? { meta: run.meta } : {}),
    });
    loadedRuns.add(run.runId);
    checkpointer.resume(run.runId, events.length);
    if (result.closingEvents.length > 0) {
      for (const event of result.closingEvents) checkpointer.push(run.runId, event);
    }
    if (!showInterruption) return [...events, ...result.closingEvents];
    const view = [...events, ...result.closingEvents].reduce(applyRunEvent, { ...initialRunView });
    update({ runView: view });
    if (result.interrupted)
      update({
        sessionNotice: {
          kind: 'interrupted',
          title: `${describeInterruption(events)} Restored from the last checkpoint; unfinished calls are marked cancelled or not executed.`,
          details: result.changes,
        },
        resumeHistory: result.history,
      });
    return [...events, ...result.closingEvents];
  }

  /** The shown run's branches back in the switcher and the worker (their runs loaded). */
  async function restoreFamily(record: SessionRecord): Promise<void> {
    await restoreBranchFamily({
      branches: readBranches(record),
      shownView: get().runView,
      async loadRun(runId) {
        const run = record.runs.find((candidate) => candidate.runId === runId);
        if (run === undefined) return [];
        if (!loadedRuns.has(runId)) return ensureLoaded(run, false);
        await checkpointer.flush();
        return db.readEvents(runId);
      },
      restore: (family, views) => get().restoreBranches(family, views),
    });
  }

  /**
   * A run held at a pause when the page went away goes on as the same run, held at that pause in step
   * mode. False (the run is restored as interrupted instead) when it was not paused, when the key it
   * needs was not remembered, or when the worker refused.
   */
  async function resumeAtPause(run: StoredRun, events: RunEvent[]): Promise<boolean> {
    const { settings, debug } = get();
    if (findHeldPause(events) === null || (settings.provider === 'anthropic' && settings.apiKey.trim() === '')) {
      return false;
    }
    const view = events.reduce(applyRunEvent, { ...initialRunView });
    update({ runView: view, sessionNotice: null, resumeHistory: null });
    // The held call needs its tool: the page's servers reconnect first (a failed one stays failed).
    await waitForServers(get);
    try {
      await deps.client.send({
        type: 'run-resume',
        runId: run.runId,
        events,
        settings: { ...buildRunSettings(settings), debug: debug.settings },
      });
    } catch (error) {
      get().pushAlert(`The paused run could not go on from its pause: ${describeError(error)}`);
      update({ runView: { ...initialRunView } });
      return false;
    }
    loadedRuns.add(run.runId);
    checkpointer.resume(run.runId, events.length);
    await get().followResumedRun(run.runId);
    return true;
  }

  async function showStored(record: SessionRecord, runId: string | null): Promise<void> {
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

  async function startTracked(
    runId: string,
    meta: Pick<StoredRun, 'origin' | 'label' | 'sourceRunId'>,
    send: () => Promise<unknown>,
  ) {
    pending.set(runId, meta);
    update({ runView: { ...initialRunView, runId, phase: 'running' }, sessionNotice: null });
    try {
      await send();
    } catch (error) {
      const text = describeError(error);
      update({ runView: { ...state().runView, phase: 'ended', finishReason: 'error', error: { message: text } } });
      get().pushAlert(`The run could not start: ${text}`);
    }
  }

  return {
    sessions: [],
    currentSessionId: null,
    sessionRuns: [],
    sessionNotice: null,
    resumeHistory: null,
    storageProblem: null,

    async initSessions() {
      try {
        if (options.indexedDB === null)
          throw new Error('this browser offers no IndexedDB, so sessions will not survive a reload');
        if (options.indexedDB !== 'memory') db = await openSessionDb(options.indexedDB);
      } catch (error) {
        reportStorage(error);
      }
      let records: SessionRecord[] = [];
      try {
        records = await db.listSessions();
      } catch (error) {
        reportStorage(error);
      }
      const lastId = readString(deps.storage, CURRENT_SESSION_KEY);
      const record =
        records.find((candidate) => candidate.id === lastId) ??
        [...records].sort((left, right) => right.updatedAt - left.updatedAt)[0] ??
        blankSession('Session 1');
      makeCurrent(record);
      if (records.length === 0) await save(record);
      else await refreshList();
      await showStored(record, record.activeRunId);
    },

    async newSession() {
      if (get().runView.phase === 'running') await get().stop();
      const record = blankSession(`Session ${get().sessions.length + 1}`);
      makeCurrent(record);
      update({ runView: { ...initialRunView } });
      await save(record);
    },

    async openSession(id) {
      if (id === current?.id) return;
      const record = await db.getSession(id).catch((error: unknown) => {
        reportStorage(error);
        return undefined;
      });
      if (record === undefined) {
        get().pushAlert('That session could not be read from storage.');
        return;
      }
      if (get().runView.phase === 'running') await get().stop();
      makeCurrent(record);
      get().updateSettings(record.settings);
      await reconcileServers(record);
      update({ runView: { ...initialRunView } });
      await showStored(record, record.activeRunId);
    },

    async renameSession(id, name) {
      const trimmed = name.trim();
      if (trimmed === '') return;
      const record = id === current?.id ? current : await db.getSession(id).catch(() => undefined);
      if (!record) return;
      record.name = trimmed;
      await save(record);
    },

    async duplicateSession(id) {
      const source = id === current?.id ? current : await db.getSession(id).catch(() => undefined);
      if (!source) return;
      await checkpointer.flush();
      const copy: SessionRecord = {
        ...structuredClone(source),
        id: deps.createId(),
        name: `${source.name} (copy)`,
        runs: [],
      };
      const ids = new Map<string, string>();
      for (const run of source.runs) {
        const runId = deps.createId();
        ids.set(run.runId, runId);
        const events = (await db.readEvents(run.runId)).map((event) =>
          event.type === 'run-start' ? { ...event, runId } : event,
        );
        await db.appendEvents(runId, 0, events).catch(reportStorage);
        copy.runs.push({ ...run, runId });
        if (source.activeRunId === run.runId) copy.activeRunId = runId;
      }
      copy.extensions = { ...copy.extensions, branches: remapBranches(readBranches(source), ids) };
      await save(copy);
    },

    async deleteSession(id) {
      const record = id === current?.id ? current : await db.getSession(id).catch(() => undefined);
      if (!record) return;
      if (id === current?.id && get().runView.phase === 'running') await get().stop();
      await db.deleteSession(record).catch(reportStorage);
      await refreshList();
      if (id !== current?.id) return;
      const next = state().sessions[0];
      if (next) {
        current = null;
        await get().openSession(next.id);
      } else {
        await get().newSession();
      }
    },

    async showRun(runId) {
      if (!current || get().runView.phase === 'running') return;
      current.activeRunId = runId;
      update({ sessionNotice: null, resumeHistory: null });
      await showStored(current, runId);
      await save(current);
    },

    async importTranscriptFile(file) {
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);
      if (file.size > MAX_TRANSCRIPT_BYTES) {
        get().pushAlert(
          `“${file.name}” was not imported: it is ${mb(file.size)} MB and Loupe opens transcripts up to ${mb(MAX_TRANSCRIPT_BYTES)} MB. Nothing was changed.`,
        );
        return false;
      }
      try {
        const text = await file.text();
        const runId = deps.createId();
        const result = await deps.client.send({ type: 'transcript-import', runId, text });
        if (!result.ok) {
          const shown = result.problems
            .slice(0, 6)
            .map((problem) => `${problem.path}: expected ${problem.expected}, got ${problem.got}.`);
          const more = result.problems.length - shown.length;
          get().pushAlert(
            `“${file.name}” was not imported — nothing was changed. ${shown.join(' ')}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`,
          );
          return false;
        }
        if (get().runView.phase === 'running') await get().stop();
        const record = blankSession(result.title || file.name);
        record.runs = [
          {
            runId,
            origin: 'imported',
            label: `Imported from ${file.name}`,
            startedAt: options.now(),
            meta: result.meta,
          },
        ];
        record.activeRunId = runId;
        loadedRuns.add(runId);
        await db.appendEvents(runId, 0, result.events).catch(reportStorage);
        checkpointer.resume(runId, result.events.length);
        for (const branch of result.branches ?? []) {
          const label = `Branch “${branch.info.name}” from ${file.name}`;
          record.runs.push({
            runId: branch.info.runId,
            origin: 'imported',
            label,
            startedAt: options.now(),
            meta: result.meta,
          });
          loadedRuns.add(branch.info.runId);
          await db.appendEvents(branch.info.runId, 0, branch.events).catch(reportStorage);
          checkpointer.resume(branch.info.runId, branch.events.length);
        }
        writeBranches(record, result.family ?? []);
        makeCurrent(record);
        await save(record);
        update({
          runView: result.events.reduce(applyRunEvent, { ...initialRunView }),
          sessionNotice: {
            kind: 'imported',
            title: `Imported “${file.name}” as a new session${result.changes.length > 0 ? ', with repairs' : ''}.`,
            details: result.changes,
          },
        });
        await restoreFamily(record);
        // The file's model settings are shown and offered, never adopted silently.
        get().offerImportedSettings(result.meta.settings);
        return true;
      } catch (error) {
        get().pushAlert(`“${file.name}” could not be imported: ${describeError(error)}. Nothing was changed.`);
        return false;
      }
    },

    async replayRun(mode) {
      const { runView, settings } = get();
      const sourceRunId = runView.runId;
      if (sourceRunId === null || runView.phase === 'running' || !current) return;
      if (mode === 'live' && settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert(
          'Enter your Anthropic API key to replay against the live model, or replay with the recorded replies.',
        );
        return;
      }
      const run = current.runs.find((candidate) => candidate.runId === sourceRunId);
      if (run && !loadedRuns.has(sourceRunId)) await ensureLoaded(run, false).catch(() => undefined);
      const runId = deps.createId();
      const label = mode === 'recorded' ? 'Replay with recorded replies' : 'Replay against the live model';
      await startTracked(runId, { origin: 'replay', label, sourceRunId }, () =>
        deps.client.send({ type: 'run-replay', runId, sourceRunId, mode, settings: buildRunSettings(settings) }),
      );
    },

    async continueRun() {
      const history = state().resumeHistory;
      const { settings } = get();
      const message = settings.draft.trim();
      if (history === null || message === '') return;
      if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert(
          'Enter your Anthropic API key (it is not kept across reloads unless remembered), then press Continue.',
        );
        return;
      }
      const runId = deps.createId();
      update({ resumeHistory: null });
      await startTracked(runId, { origin: 'live', label: 'Continued' }, () =>
        deps.client.send({ type: 'run-start', runId, settings: buildRunSettings(settings), message, history }),
      );
    },

    async compareRuns(leftRunId, rightRunId) {
      try {
        for (const runId of [leftRunId, rightRunId]) {
          const run = current?.runs.find((candidate) => candidate.runId === runId);
          if (run && !loadedRuns.has(runId)) await ensureLoaded(run, false);
        }
        return await deps.client.send({ type: 'runs-compare', leftRunId, rightRunId });
      } catch (error) {
        get().pushAlert(`Could not compare the runs: ${describeError(error)}`);
        return null;
      }
    },

    dismissSessionNotice() {
      update({ sessionNotice: null });
    },

    recordRunEvent(runId, event) {
      if (event.type === 'run-start' && current && !current.runs.some((run) => run.runId === runId)) {
        const meta = pending.get(runId) ?? { origin: 'live' as const, label: firstText(event.messages) };
        pending.delete(runId);
        loadedRuns.add(runId);
        current.runs.push({ runId, startedAt: event.at, ...meta });
        current.activeRunId = runId;
        current.settings = pickSessionSettings(get().settings);
        current.servers = get().servers.map(toPersistedServer);
        update({ sessionRuns: [...current.runs] });
        void save(current);
      }
      // Only runs a session owns are stored (a run's log starts at its run-start).
      if (loadedRuns.has(runId)) checkpointer.push(runId, event);
    },

    flushSessions: () => checkpointer.flush(),

    async recordBranches(branches) {
      if (!current || branches.length === 0) return;
      writeBranches(current, branches);
      await save(current);
    },
  };

  /** Connects the session's servers and disconnects the others (matched by URL). */
  async function reconcileServers(record: SessionRecord): Promise<void> {
    // Records keep URLs as storage does (secrets redacted): compare in that form.
    const wanted = new Set(record.servers.map((server) => server.url));
    const present = get().servers;
    for (const server of present) if (!wanted.has(storedServerUrl(server))) await get().removeServer(server.id);
    const urls = new Set(present.map(storedServerUrl));
    for (const server of record.servers)
      if (!urls.has(server.url)) await get().addServer(server.url, {}, server.name, server.includeInstructions);
    saveServers(deps.storage, get().servers);
  }
}

/** A run's label: the start of its last user text. */
function firstText(messages: readonly Message[]): string {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') continue;
    for (const block of message.content) if (block.type === 'text') return block.text.slice(0, 60);
  }
  return 'Run';
}

/** Resolves once no server of the page is still connecting (or after 10 s: the run then says what is missing). */
async function waitForServers(get: GetLoupeState): Promise<void> {
  const connecting = (): boolean =>
    get().servers.some((server) => (get().serverStates[server.id]?.status ?? 'connecting') === 'connecting');
  for (let waited = 0; waited < 10_000 && connecting(); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
