// Records and listing: open the database, create, open, rename, duplicate and delete sessions, switch runs.
import { saveServers, storedServerUrl } from '../persist-servers';
import { readString } from '../safe-storage';
import { initialRunView } from '../run-view';
import { readBranches, remapBranches } from './session-branches';
import type { SessionRecord } from './session-record';
import type { SessionRestore } from './session-restore';
import type { SessionsSlice } from './sessions-state';
import { CURRENT_SESSION_KEY, type SessionsContext } from './sessions-context';

export type SessionListActions = Pick<
  SessionsSlice,
  | 'initSessions'
  | 'sessionsOpened'
  | 'newSession'
  | 'openSession'
  | 'renameSession'
  | 'duplicateSession'
  | 'deleteSession'
  | 'showRun'
>;

export function createSessionListActions(context: SessionsContext, restore: SessionRestore): SessionListActions {
  const { get, update, deps } = context;
  const stored = (id: string) =>
    id === context.current?.id ? Promise.resolve(context.current) : context.db.getSession(id).catch(() => undefined);

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

  /** The last session (or a first one) opened and its run shown; settled at once until `initSessions` runs. */
  let opened: Promise<void> = Promise.resolve();

  async function openLastSession(): Promise<void> {
    // The worker opens its database on the first command; a problem opening it arrives as `storage-problem`.
    let records: SessionRecord[] = [];
    try {
      records = await context.db.listSessions();
    } catch (error) {
      context.reportStorage(error);
    }
    const lastId = readString(deps.storage, CURRENT_SESSION_KEY);
    const record =
      records.find((candidate) => candidate.id === lastId) ??
      [...records].sort((left, right) => right.updatedAt - left.updatedAt)[0] ??
      context.blankSession('Session 1');
    await context.makeCurrent(record);
    if (records.length === 0) await context.save(record);
    else await context.refreshList();
    // Run pressed while the session was read (the engine, which keeps it, still starting): that run is shown; it
    // waits for this (`sessionsOpened`) and then starts in this session.
    if (get().runView.phase !== 'running') await restore.showStored(record, record.activeRunId);
  }

  return {
    initSessions() {
      opened = openLastSession();
      return opened;
    },

    sessionsOpened: () => opened.catch(() => undefined),

    async newSession() {
      if (context.owns && get().runView.phase === 'running') await get().stop();
      const record = context.blankSession(`Session ${get().sessions.length + 1}`);
      await context.makeCurrent(record);
      update({ runView: { ...initialRunView } });
      await context.save(record);
    },

    async openSession(id) {
      if (id === context.current?.id) return;
      const record = await context.db.getSession(id).catch((error: unknown) => {
        context.reportStorage(error);
        return undefined;
      });
      if (record === undefined) {
        get().pushAlert('That session could not be read from storage.');
        return;
      }
      if (context.owns && get().runView.phase === 'running') await get().stop();
      await context.makeCurrent(record);
      get().updateSettings(record.settings);
      await reconcileServers(record);
      update({ runView: { ...initialRunView } });
      await restore.showStored(record, record.activeRunId);
    },

    async renameSession(id, name) {
      const trimmed = name.trim();
      if (trimmed === '') return;
      const record = await stored(id);
      if (!record) return;
      record.name = trimmed;
      await context.save(record);
    },

    async duplicateSession(id) {
      const source = await stored(id);
      if (!source) return;
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
        copy.runs.push({ ...run, runId });
        if (source.activeRunId === run.runId) copy.activeRunId = runId;
      }
      // The worker copies the logs (what it still buffers written first): none crosses to the page and back.
      const copies = [...ids].map(([from, to]) => ({ from, to }));
      await deps.client.send({ type: 'session-runs-copy', copies }).catch(context.reportStorage);
      copy.extensions = { ...copy.extensions, branches: remapBranches(readBranches(source), ids) };
      await context.save(copy);
    },

    async deleteSession(id) {
      const record = await stored(id);
      if (!record) return;
      if (id === context.current?.id && context.owns && get().runView.phase === 'running') await get().stop();
      // A session another tab has open is not deleted under it (the worker asks the session's lock).
      const deleted = await context.deleteUnlessOpen(record).catch((error: unknown) => {
        context.reportStorage(error);
        return true;
      });
      if (!deleted) {
        get().pushAlert(`“${record.name}” is open in another tab: close it there (or take it over here) to delete it.`);
        return;
      }
      await context.refreshList();
      if (id !== context.current?.id) return;
      const next = get().sessions[0];
      if (next) {
        context.current = null;
        await get().openSession(next.id);
      } else {
        await get().newSession();
      }
    },

    async showRun(runId) {
      const { current } = context;
      if (!current || get().runView.phase === 'running') return;
      current.activeRunId = runId;
      update({ sessionNotice: null, resumeHistory: null });
      await restore.showStored(current, runId);
      await context.save(current);
    },
  };
}
