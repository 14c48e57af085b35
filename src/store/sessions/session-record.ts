// What a session stores: settings without secrets, servers, its runs (event logs live beside it), extensions.
import type { TranscriptMeta } from '../../engine/transcript/build-transcript';
import type { PersistedServer } from '../persist-servers';
import type { Settings } from '../settings';
import { redactUrl } from '../../shared/redact-url';

/** Settings a session keeps. Never the API key (it stays in memory or under "Remember on this device"). */
export type SessionSettings = Pick<
  Settings,
  'provider' | 'baseUrl' | 'model' | 'maxRounds' | 'maxTokens' | 'system' | 'draft'
>;

/** One run of a session; its events are stored apart, keyed by `runId`, appended at each checkpoint. */
export interface StoredRun {
  runId: string;
  /** `live`: run here; `imported`: from a transcript file; `replay`: a replay of `sourceRunId`. */
  origin: 'live' | 'imported' | 'replay';
  label: string;
  startedAt: number;
  sourceRunId?: string;
  /** How the run ended, kept at its `run-end` (absent while it goes on, and in sessions stored before). */
  finishReason?: string;
  /** The transcript meta of an imported run (a live run's is derived from its events). */
  meta?: TranscriptMeta;
  /**
   * An imported run while its events are being written: the file's name, how many events and rounds it has. The
   * record is stored with it before the first event and without it after the last, so a run restored with it
   * was cut short by a reload (or a closed tab) in between.
   */
  importing?: { fileName: string; eventCount: number; rounds: number };
}

export interface SessionRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  settings: SessionSettings;
  servers: PersistedServer[];
  runs: StoredRun[];
  /** The run the timeline shows. */
  activeRunId: string | null;
  /** Open record for other features (tool overrides, branches, debugger state): each owns one key. */
  extensions: Record<string, unknown>;
}

/** What the sessions list shows. */
export interface SessionSummary {
  id: string;
  name: string;
  updatedAt: number;
  runCount: number;
}

export function summarize(record: SessionRecord): SessionSummary {
  return { id: record.id, name: record.name, updatedAt: record.updatedAt, runCount: record.runs.length };
}

/** The settings a session record keeps; the base URL with its secrets redacted (the full one stays in memory). */
export function pickSessionSettings(settings: Settings): SessionSettings {
  const { provider, baseUrl, model, maxRounds, maxTokens, system, draft } = settings;
  return { provider, baseUrl: redactUrl(baseUrl), model, maxRounds, maxTokens, system, draft };
}
