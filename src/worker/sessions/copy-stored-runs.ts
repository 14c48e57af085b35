// `session-runs-copy`: stored run logs copied under new ids (a duplicated session) inside the worker, so no log
// crosses to the page and back.
import type { RunEvent } from '../../engine/event/run-event';
import type { SessionRunsCopyCommand } from '../../protocol/session-open-messages';
import type { WorkerSessionDb } from './session-db';

export interface CopyStoredRunsContext {
  db: () => Promise<WorkerSessionDb>;
  /** The run's whole stored log (what this worker still buffers for it written first). */
  read: (runId: string) => Promise<RunEvent[]>;
}

/**
 * Copies each `from` run's stored log to run `to`, its `run-start` naming `to`. A copy onto a run that has events
 * (or onto itself) is refused before anything is written: a copy never mixes two logs.
 */
export async function copyStoredRuns(
  { db, read }: CopyStoredRunsContext,
  { copies }: SessionRunsCopyCommand,
): Promise<null> {
  const store = await db();
  for (const { from, to } of copies)
    if (from === to || (await store.countEvents(to)) > 0)
      throw new Error(`Run ${to} already has a stored log: it cannot be a copy of run ${from}.`);
  for (const { from, to } of copies) {
    const events = (await read(from)).map((event) => (event.type === 'run-start' ? { ...event, runId: to } : event));
    await store.appendEvents(to, 0, events);
  }
  return null;
}
