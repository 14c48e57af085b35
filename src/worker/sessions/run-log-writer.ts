// The worker stores runs' logs as the loop emits them: each phase boundary appends what came since the last one.
import type { RunEvent } from '../../engine/event/run-event';
import type { RunLogCommand } from '../../protocol/session-storage-messages';
import { isTestRunId } from '../../shared/test-run-id';
import type { CommandTable } from '../command-table';
import { createCheckpointer, type Checkpointer } from './create-checkpointer';
import type { WorkerSessionDb } from './session-db';

export interface RunLogWriterOptions {
  /** The sessions database (opened on first use). */
  db: () => Promise<WorkerSessionDb>;
  /** A write failed (quota, private mode, another tab's upgrade): said to the page; the next checkpoint retries. */
  reportProblem: (message: string) => void;
  /** A checkpoint of `runId` is stored. */
  onWritten: (runId: string) => void;
}

export interface RunLogWriter {
  /** Every run event the worker posts passes here. */
  observe(runId: string, event: RunEvent): void;
  /**
   * Run `runId` goes on from a stored log of `storedCount` events (loaded or resumed); `then` are events appended
   * to it now (a cut-short run's closing events). Ignored unless the page owns its session; a run already kept
   * keeps its count (a run kept open, then closed by a second load, has written nothing in between).
   */
  keep(runId: string, storedCount: number, then?: readonly RunEvent[]): void;
  /** A resume that was refused: the run is not going on here. */
  forget(runId: string): void;
  /** This tab owns its session: from now on its runs are stored (`session-ownership.ts` decides). */
  own(): void;
  /**
   * Another tab takes the session over (or this one opened a session it does not own): writes what is buffered —
   * this tab's runs up to now, which the new owner reads — then stores nothing until owning again.
   */
  release(): Promise<void>;
  commands: CommandTable<RunLogCommand['type']>;
}

/**
 * Only while this tab owns its session (`own`, `release`) is anything stored. Which runs:
 * every run that starts here (its `run-start`), and every stored run the page loads or resumes (`keep`).
 */
export function createRunLogWriter(options: RunLogWriterOptions): RunLogWriter {
  let owns = false;
  const kept = new Set<string>();
  const append = async (runId: string, fromSeq: number, events: RunEvent[]): Promise<void> => {
    await (await options.db()).appendEvents(runId, fromSeq, events);
    options.onWritten(runId);
  };
  const report = (error: unknown) => options.reportProblem(error instanceof Error ? error.message : String(error));
  let checkpointer: Checkpointer = createCheckpointer(append, report);

  const writer: RunLogWriter = {
    observe(runId, event) {
      if (!owns) return;
      if (event.type === 'run-start' && !kept.has(runId) && !isTestRunId(runId)) kept.add(runId);
      if (kept.has(runId)) checkpointer.push(runId, event);
    },
    keep(runId, storedCount, then = []) {
      if (!owns) return;
      if (!kept.has(runId)) {
        kept.add(runId);
        checkpointer.resume(runId, storedCount);
      }
      for (const event of then) checkpointer.push(runId, event);
    },
    forget(runId) {
      kept.delete(runId);
    },
    own() {
      owns = true;
    },
    async release() {
      await checkpointer.flush();
      owns = false;
      kept.clear();
      // Stored counts are the new owner's from here; a later ownership starts from what it loads.
      checkpointer = createCheckpointer(append, report);
    },
    commands: {
      async 'run-log-flush'() {
        await checkpointer.flush();
        return null;
      },
    },
  };
  return writer;
}
