// The runs of this worker: their abort controllers and event logs (the source of each transcript).
import type { RunEvent } from '../engine/event/run-event';
import type { TranscriptServer, TranscriptSettings } from '../engine/transcript/transcript';

/** What the worker keeps of one run. */
export interface RunRecord {
  runId: string;
  controller: AbortController;
  events: RunEvent[];
  createdAt: string;
  settings: TranscriptSettings;
  servers: TranscriptServer[];
  done: Promise<void>;
  /**
   * Whether this worker started (or resumed) the run. A run it only holds — imported, or loaded from storage
   * after a reload — is a recording: its apps may call no tools (app-call-host.ts).
   */
  startedHere: boolean;
}

/** Bounds memory: older runs' logs are dropped once this many are kept. */
const MAX_KEPT_RUNS = 20;

export class RunRegistry {
  readonly #runs = new Map<string, RunRecord>();

  add(record: RunRecord): void {
    if (this.#runs.has(record.runId)) throw new Error(`A run with id ${record.runId} exists already.`);
    this.#runs.set(record.runId, record);
    for (const runId of this.#runs.keys()) {
      if (this.#runs.size <= MAX_KEPT_RUNS) break;
      this.#runs.delete(runId);
    }
  }

  /** Forgets a run (a stored log kept open is replaced when it resumes or is closed). */
  remove(runId: string): void {
    this.#runs.delete(runId);
  }

  has(runId: string): boolean {
    return this.#runs.has(runId);
  }

  get(runId: string): RunRecord {
    const record = this.#runs.get(runId);
    if (!record) throw new Error(`No run with id ${runId} in this session.`);
    return record;
  }

  /** Aborts every run that is still going. */
  abortAll(): void {
    for (const record of this.#runs.values()) record.controller.abort();
  }
}
