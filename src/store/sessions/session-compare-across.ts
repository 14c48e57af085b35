// Compare across sessions: a run of another stored session, or of a file (a transcript, a request, an HTML file
// Loupe exported), against a run of this one — the worker's same alignment as within a session.
import type { RunsCompareResult } from '../../protocol/session-messages';
import { describeError } from '../loupe-state';
import type { StoredRun } from './session-record';
import type { SessionRestore } from './session-restore';
import type { SessionsContext } from './sessions-context';
import type { CompareSource } from './sessions-state';

export function createCompareAcross(context: SessionsContext, restore: SessionRestore) {
  const { get, deps, loadedRuns } = context;

  /** The other run's id once the worker knows it, or null (an alert says why). */
  async function loadOther(source: CompareSource): Promise<string | null> {
    if ('file' in source) {
      // Read by the worker as Import transcript reads it, kept there for the comparison only: no session is made.
      const runId = deps.createId();
      const result = await deps.client.send({ type: 'transcript-import', runId, file: source.file });
      if (result.ok) return runId;
      const problems = result.problems.slice(0, 3).map((problem) => `${problem.path}: ${problem.got}`);
      get().pushAlert(`“${source.file.name}” cannot be compared: ${problems.join(' ')}`);
      return null;
    }
    const record = await context.db.getSession(source.sessionId);
    const run = record?.runs.find((candidate) => candidate.runId === source.runId);
    if (run === undefined) {
      get().pushAlert('That run is no longer stored: its session was deleted or changed.');
      return null;
    }
    if (!loadedRuns.has(run.runId)) await restore.ensureLoaded(run, false, source.sessionId);
    return run.runId;
  }

  return {
    /** The runs a stored session holds (oldest first); none when it is gone. */
    async listSessionRuns(sessionId: string): Promise<StoredRun[]> {
      return (await context.db.getSession(sessionId).catch(() => undefined))?.runs ?? [];
    },
    /** `source`'s run (left) against `rightRunId` of this session (right), or null with an alert. */
    async compareAcross(source: CompareSource, rightRunId: string): Promise<RunsCompareResult | null> {
      try {
        const right = context.current?.runs.find((candidate) => candidate.runId === rightRunId);
        if (right && !loadedRuns.has(rightRunId)) await restore.ensureLoaded(right, false);
        const left = await loadOther(source);
        if (left === null) return null;
        return await deps.client.send({ type: 'runs-compare', leftRunId: left, rightRunId });
      } catch (error) {
        get().pushAlert(`Could not compare the runs: ${describeError(error)}`);
        return null;
      }
    },
  };
}
