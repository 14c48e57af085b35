// Protocol types for opening a stored run of a session: the worker reads it from its own database and settles it
// (closed, kept open for the person's choice, an import cut short told), the page words what it is told. Types only.
import type { RunLoadResult } from './session-messages';

/**
 * How the opened run is kept:
 * - `show`: the run the timeline shows, in the tab that owns the session. A run cut short is kept open while the
 *   person chooses (Resume or End here); an import cut short is closed (the way on is importing the file again).
 * - `close`: kept closed, a run cut short closed as `aborted` where it was cut (a branch, a source to compare or
 *   continue, End here, a shown run the person moved away from while it was read).
 * - `keep`: kept as stored, open, nothing settled (a read-only tab's copy: only the owner closes a run).
 */
export type SessionOpenMode = 'show' | 'close' | 'keep';

/**
 * `session-open`: the worker reads run `runId` of session `sessionId` (its record and its log) from its sessions
 * database and keeps it, so it can be exported, replayed, compared, resumed (and, while the page owns the session,
 * stored on from there). The log is read after the run log is flushed, so it is the whole of what was stored.
 */
export interface SessionOpenCommand {
  type: 'session-open';
  sessionId: string;
  runId: string;
  mode: SessionOpenMode;
  /**
   * Given (a non-empty id, new for each open): before replying, the worker posts the run's stored log to the page
   * as `stored-run-view` messages under this id (stored-run-view-messages.ts), a long run's tail first in mode
   * `show`, so the page shows it without reading the log itself.
   */
  viewId?: string;
}

/** An import a reload cut short while its log was written: how much of the file was stored. */
export interface ImportCutShort {
  fileName: string;
  /** Rounds begun in the stored part, and in the whole file. */
  stored: number;
  rounds: number;
}

/**
 * What the worker found and did. `state`: `empty` (no event was stored: nothing is kept), `ended` (the log has
 * its `run-end`), `kept-open` (cut short, kept as it is), `closed` (cut short and closed here: `closingEvents`,
 * `history` and `changes` as a load gives them, `RunLoadResult`). The record is the page's to write: when the run carried an
 * `importing` mark, `importSettled` says the mark is to go, and `importCutShort` what the stored part holds.
 */
export interface SessionOpenResult extends RunLoadResult {
  state: 'empty' | 'ended' | 'kept-open' | 'closed';
  /** Kept open while held at a pause (not an MCP App's): it can go on from that pause (`run-resume`). */
  heldPause: boolean;
  importSettled: boolean;
  importCutShort?: ImportCutShort;
}

/**
 * `session-import-store`: the worker stores events `from` up to, not including, `to` of an imported run it keeps
 * (`transcript-import`), at those positions of the run's stored log, so an import's log never crosses to the page
 * to be written. Bounds are clamped to the run; the reply comes once they are written.
 */
export interface SessionImportStoreCommand {
  type: 'session-import-store';
  runId: string;
  from: number;
  to: number;
}

/**
 * `run-view`: the worker posts the view of run `runId`, a run it keeps (an import, a branch it loaded or forked),
 * as `stored-run-view` parts under `viewId` (a non-empty id, new for each view) before replying, without opening
 * it again (which would reset where the run log writes a run that may still be going). The run log is flushed
 * first. With `tailFirst`, a long run's `run-start` and last rounds come first. The reply is how many events the
 * `log` parts held; an unknown run is refused.
 */
export interface RunViewCommand {
  type: 'run-view';
  runId: string;
  viewId: string;
  tailFirst?: boolean;
}

/**
 * `session-runs-copy`: the worker copies each `from` run's stored log to run `to` (a duplicated session), the
 * copy's `run-start` naming `to`. Refused, with nothing written, when a `to` run already has stored events.
 */
export interface SessionRunsCopyCommand {
  type: 'session-runs-copy';
  copies: { from: string; to: string }[];
}
