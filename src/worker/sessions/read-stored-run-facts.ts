// What the worker needs of a run's entry in a session record the page wrote: its import's meta and `importing` mark.
import type { TranscriptMeta } from '../../engine/transcript/build-transcript';
import type { StoredSession } from '../../protocol/session-storage-messages';
import { isRecord } from '../../shared/is-record';

/** An import's mark while its log is written (the page's `StoredRun.importing`). */
export interface ImportMark {
  fileName: string;
  eventCount: number;
  rounds: number;
}

export interface StoredRunFacts {
  meta?: TranscriptMeta;
  importing?: ImportMark;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * The facts of run `runId` in `record` (none when the record or the run is missing: a run just started may not be
 * stored yet). Storage is the page's writing, but a record may come from an older Loupe or a damaged database: a
 * mark that is not whole is ignored (the run is opened as any other), and so is a meta that is not an object.
 */
export function readStoredRunFacts(record: StoredSession | undefined, runId: string): StoredRunFacts {
  const run: unknown = record?.runs.find((candidate) => candidate.runId === runId);
  if (!isRecord(run)) return {};
  const { meta, importing } = run;
  const facts: StoredRunFacts = {};
  // The meta was built by this worker's import and stored as it was; a load uses it as the run's transcript meta.
  if (isRecord(meta)) facts.meta = meta as unknown as TranscriptMeta;
  if (
    isRecord(importing) &&
    typeof importing['fileName'] === 'string' &&
    isCount(importing['eventCount']) &&
    isCount(importing['rounds'])
  )
    facts.importing = {
      fileName: importing['fileName'],
      eventCount: importing['eventCount'],
      rounds: importing['rounds'],
    };
  return facts;
}
