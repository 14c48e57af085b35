// Checkpoints: a run's events are appended to storage at each phase boundary, not at every text delta.
import type { RunEvent } from '../../engine/event/run-event';
import { REPLY_EVENTS } from '../../engine/run/plan-interrupted-resume';

/**
 * Events that only stream a reply or announce work in progress. Every other event — round-start,
 * response-end, tool-call-end, tool-results-commit, round-end, limit-reached, run-end, and the
 * debugger's pause and edit events — is a phase boundary and flushes the log, so a reload comes back
 * to the last boundary the loop crossed.
 */
const STREAMING = new Set<string>([...REPLY_EVENTS, 'notice']);

/** True when `event` ends a phase of the loop (a checkpoint). */
export function isCheckpoint(event: RunEvent): boolean {
  return !STREAMING.has(event.type);
}

export interface Checkpointer {
  /** Buffers `event`; a phase-boundary event writes everything buffered for its run. */
  push(runId: string, event: RunEvent): void;
  /** Tells where a run's stored log ends (a restored run goes on after its stored events). */
  resume(runId: string, storedCount: number): void;
  /** Writes everything buffered (streaming events too); resolves when every write so far has finished. */
  flush(): Promise<void>;
}

/**
 * Creates a checkpointer over `append`. Writes are serialised (one at a time, in order), so the stored
 * log is always a prefix of the run's events; a failed write is reported once per failure through
 * `onError` and the events stay buffered for the next checkpoint. It runs in the worker as the loop emits
 * events, so a checkpoint is written when its phase ends, whatever the page does (hidden, closed, reloading).
 */
export function createCheckpointer(
  append: (runId: string, fromSeq: number, events: RunEvent[]) => Promise<void>,
  onError: (error: unknown) => void,
): Checkpointer {
  /** Per run: events not stored yet, how many of them are due (up to the last checkpoint), how many are stored. */
  const runs = new Map<string, { unsaved: RunEvent[]; due: number; stored: number }>();
  let chain: Promise<void> = Promise.resolve();
  const entry = (runId: string) => {
    let found = runs.get(runId);
    if (!found) runs.set(runId, (found = { unsaved: [], due: 0, stored: 0 }));
    return found;
  };

  function write(runId: string): void {
    chain = chain.then(async () => {
      const run = entry(runId);
      const count = run.due;
      if (count === 0) return;
      try {
        await append(runId, run.stored, run.unsaved.slice(0, count));
        run.unsaved.splice(0, count);
        run.due -= count;
        run.stored += count;
      } catch (error) {
        // The events stay unsaved and due: the next checkpoint writes them again, in order.
        onError(error);
      }
    });
  }

  const checkpointer: Checkpointer = {
    push(runId, event) {
      const run = entry(runId);
      run.unsaved.push(event);
      if (!isCheckpoint(event)) return;
      run.due = run.unsaved.length;
      write(runId);
    },
    resume(runId, storedCount) {
      entry(runId).stored = storedCount;
    },
    flush() {
      for (const [runId, run] of runs) {
        run.due = run.unsaved.length;
        write(runId);
      }
      return chain;
    },
  };
  return checkpointer;
}
