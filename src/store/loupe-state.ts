// The shape of the Loupe store: data plus actions, assembled from the slices. Types only.
import type { SkillsSlice } from './skills-state';
import type { ShareFileCommand } from '../protocol/share-file-command';
import type { RunEvent } from '../engine/event/run-event';
import type { Transcript } from '../engine/transcript/transcript';
import type { OtlpTraceRequest } from '../engine/otel/otlp-json';
import type { EngineClient } from '../client/engine-client';
import type { ServerState } from '../protocol/server-status';
import type { ServerConfig } from '../protocol/settings';
import type { SettingsOffer } from './diff-imported-settings';
import type { RunView } from './run-view';
import type { Settings } from './settings';
import type { DebugSlice } from './debug/debug-state';
import type { ToolsSlice } from './tools-state';
import type { McpFeaturesSlice } from './mcp-features-state';
import type { OAuthSlice } from './oauth-state';
import type { SessionsSlice } from './sessions/sessions-state';
import type { TestsSlice } from './tests/tests-state';
import type { MemorySlice } from './memory-state';
import type { InBrowserSlice } from './in-browser/in-browser-state';

export interface Alert {
  id: string;
  message: string;
}

export interface AlertsSlice {
  alerts: Alert[];
  pushAlert: (message: string) => void;
  dismissAlert: (id: string) => void;
}

export interface SettingsSlice {
  settings: Settings;
  /** Merges `patch` and persists (the key only when remembered). */
  updateSettings: (patch: Partial<Settings>) => void;
  /** Asks the worker for the current provider's models; keeps the model when listed, else the first. */
  loadModels: () => Promise<void>;
  /** Settings an imported transcript was made with that differ from the person's, waiting for their choice. */
  settingsOffer: SettingsOffer | null;
  /**
   * Shows how an imported transcript's settings differ from the person's (`diffImportedSettings`; null: they do
   * not); nothing changes until they choose.
   */
  offerImportedSettings: (offer: SettingsOffer | null) => void;
  /**
   * `apply` takes the file's settings (clearing the key when the offer's `keyRedirect` says it would go to
   * another host); `apply-with-key` takes them and keeps the key, sent to that host; `keep` changes nothing.
   */
  answerSettingsOffer: (answer: 'apply' | 'apply-with-key' | 'keep') => void;
}

export interface ServersSlice {
  servers: ServerConfig[];
  serverStates: Record<string, ServerState>;
  /** Adds and connects a server; the name defaults to one derived from the URL, made unique. */
  addServer: (
    url: string,
    headers?: Record<string, string>,
    name?: string,
    includeInstructions?: boolean,
    extras?: Pick<
      ServerConfig,
      'secretPathSegments' | 'rememberFullUrl' | 'toolTimeoutMs' | 'era' | 'oauth' | 'runThroughApi'
    >,
  ) => Promise<void>;
  /** Run through the API (the MCP connector) or from the browser; `sendToken` lets its bearer token go with it. */
  setRunThroughApi: (serverId: string, choice: ServerConfig['runThroughApi']) => Promise<void>;
  removeServer: (serverId: string) => Promise<void>;
  /** Re-sends the same config, which makes the worker reconnect. */
  reconnectServer: (serverId: string) => Promise<void>;
  toggleInstructions: (serverId: string) => Promise<void>;
  /** Points a server at another URL (e.g. through the CORS helper) and reconnects. */
  changeServerUrl: (serverId: string, url: string) => Promise<void>;
  /** Edits a server in place (name made unique, URL, headers) and reconnects it. */
  editServer: (
    serverId: string,
    change: { name: string; url: string; headers: Record<string, string>; toolTimeoutMs?: number | undefined } & Pick<
      ServerConfig,
      'secretPathSegments' | 'rememberFullUrl' | 'era' | 'oauth'
    >,
  ) => Promise<void>;
  applyServerState: (state: ServerState) => void;
  applyServerRemoved: (serverId: string) => void;
}

/** How a run differs from one of the composer's message with the servers' own paths (Compare runs both paths). */
export interface RunOptions {
  /** The message instead of the composer's draft. */
  message?: string;
  /** The path per server id (`api`: the MCP connector, `browser`: Loupe calls it), over each server's own choice. */
  serverPaths?: Record<string, 'api' | 'browser'>;
  /** The run's name in the session instead of its message. */
  label?: string;
}

export interface RunSlice {
  runView: RunView;
  /**
   * Starts a run with the current settings and message draft. When the tool list breaks the provider's limits
   * (`findRunToolProblems`), nothing is sent: `runRefusedForToolLimits` is set and the page shows the problems with
   * their fixes. Resolves with the run's id once it is sent (undefined when nothing was).
   */
  run: (options?: RunOptions) => Promise<string | undefined>;
  /** Run was pressed with a tool list the provider would refuse; cleared by the next run that starts, or dismissed. */
  runRefusedForToolLimits: boolean;
  dismissToolLimitsAtRun: () => void;
  stop: () => Promise<void>;
  /** The transcript of the current run, or null when there is none or the worker failed (then an alert says why). */
  exportTranscript: () => Promise<Transcript | null>;
  /** The transcript of a run of the session by id (another than the shown one), or null with an alert. */
  exportTranscriptOf: (runId: string) => Promise<Transcript | null>;
  /** Redacted transcripts as an OTLP/JSON trace request (docs/otel.md), or null with an alert. */
  convertToOtlp: (transcripts: Transcript[], content: boolean) => Promise<OtlpTraceRequest | null>;
  /** A file to share built in the worker (one HTML file, a HAR file) as text, or null with an alert. */
  buildShareFile: (command: ShareFileCommand) => Promise<string | null>;
  applyRunEvents: (runId: string, events: RunEvent[]) => void;
}

export interface LifecycleSlice {
  /** Stops listening to the client and drops buffered events. */
  dispose: () => void;
}

export type LoupeState = AlertsSlice &
  SettingsSlice &
  ServersSlice &
  RunSlice &
  LifecycleSlice &
  ToolsSlice &
  SessionsSlice &
  DebugSlice &
  McpFeaturesSlice &
  SkillsSlice &
  OAuthSlice &
  TestsSlice &
  MemorySlice &
  InBrowserSlice;

export type SetLoupeState = (partial: Partial<LoupeState> | ((state: LoupeState) => Partial<LoupeState>)) => void;
export type GetLoupeState = () => LoupeState;

/** What slices need from outside the store. */
export interface SliceDependencies {
  client: EngineClient;
  storage: Storage | undefined;
  createId: () => string;
}

/** Plain-words text of anything thrown. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
