// The worker ⇄ UI contract, version 1. Types and guards only: no runtime behaviour beyond checks.
import type { RunEvent } from '../engine/event/run-event';
import type { Message } from '../engine/message/message';
import type { Transcript } from '../engine/transcript/transcript';
import type { OtlpTraceRequest } from '../engine/otel/otlp-json';
import type { ProviderSettings, RunSettings, ServerConfig } from './settings';
import type { DebugCommand, DebugCommandResults, DebugWorkerMessage } from './debug-messages';
import type { ServerState } from './server-status';
import type { McpAppCommand, McpAppCommandResults } from './mcp-app-messages';
import type { McpFeatureCommand, McpFeatureCommandResults, McpFeatureEvent } from './mcp-feature-messages';
import type { UserAttachment } from './user-attachment';
import type { OAuthCommand, OAuthCommandResults, OAuthEvent } from './oauth-messages';
import type { MemoryChangedMessage, MemoryCommand, MemoryCommandResults } from './memory-messages';
import type { InBrowserCommand, InBrowserCommandResults, InBrowserProgressMessage } from './in-browser-messages';
import type {
  RunReplayCommand,
  RunContinueCommand,
  RunContinueResult,
  RunResumeCommand,
  RunsCompareCommand,
  RunsCompareResult,
  TranscriptImportCommand,
  TranscriptImportResult,
} from './session-messages';
import type { RunEventsMessage } from './run-events-message';
import type { StoredRunViewMessage } from './stored-run-view-messages';
import type {
  SessionImportStoreCommand,
  RunViewCommand,
  SessionOpenCommand,
  SessionOpenResult,
  SessionRunsCopyCommand,
} from './session-open-messages';
import type {
  RunLogCommand,
  RunLogCommandResults,
  RunLogWrittenMessage,
  SessionStorageCommand,
  SessionStorageCommandResults,
  StorageProblemMessage,
} from './session-storage-messages';
import type { ShareFileCommand } from './share-file-command';
import type { SessionOwnershipMessage, TabCommand, TabCommandResults, TabNoticeMessage } from './tab-messages';
import { isObjectLike } from '../shared/is-record';

/** Bumped on any incompatible change; both sides refuse other versions. */
export const PROTOCOL_VERSION = 1;

/** A model the provider offers. */
export interface ModelInfo {
  id: string;
  displayName: string;
}

/** Commands the UI sends. Each has a reply unless noted. */
export type Command =
  | { type: 'server-add'; server: ServerConfig }
  | { type: 'server-update'; server: ServerConfig }
  | { type: 'server-remove'; serverId: string }
  | { type: 'models-list'; provider: ProviderSettings }
  | {
      type: 'run-start';
      runId: string;
      settings: RunSettings;
      message: string;
      /** The conversation so far (a restored session going on); the worker repairs it. Default: none. */
      history?: Message[];
      /** Blocks put before the text in the user message (an MCP resource attached to the conversation). */
      attachments?: UserAttachment[];
    }
  | { type: 'run-stop'; runId: string }
  | { type: 'transcript-export'; runId: string }
  /** Transcripts (already redacted by the UI) as an OTLP/JSON trace request; content only when asked (docs/otel.md). */
  | { type: 'otlp-convert'; transcripts: Transcript[]; content: boolean }
  /** An ended run sent to the person's OTLP endpoint; the worker scrubs `secrets` first (docs/otel.md). */
  | {
      type: 'otlp-send';
      runId: string;
      endpoint: string;
      headers: Record<string, string>;
      content: boolean;
      secrets: string[];
    }
  /** Redacted transcripts (and MCP traffic) as a file to share: one HTML file, or a HAR 1.2 file (docs/sharing.md). */
  | ShareFileCommand
  | TranscriptImportCommand
  | RunReplayCommand
  | RunContinueCommand
  | RunResumeCommand
  | RunsCompareCommand
  | DebugCommand
  | McpFeatureCommand
  | McpAppCommand
  | OAuthCommand
  | MemoryCommand
  | InBrowserCommand
  | SessionStorageCommand
  | RunLogCommand
  | SessionOpenCommand
  | SessionImportStoreCommand
  | RunViewCommand
  | SessionRunsCopyCommand
  | TabCommand;

/** The value each command's reply carries. */
export interface CommandResults
  extends
    DebugCommandResults,
    McpFeatureCommandResults,
    McpAppCommandResults,
    OAuthCommandResults,
    MemoryCommandResults,
    InBrowserCommandResults,
    SessionStorageCommandResults,
    RunLogCommandResults,
    TabCommandResults {
  'server-add': null;
  'server-update': null;
  'server-remove': null;
  'models-list': { models: ModelInfo[]; fromFallback: boolean; warning?: string };
  'run-start': null;
  'run-stop': null;
  'transcript-export': Transcript;
  'otlp-convert': OtlpTraceRequest;
  /** Never an error reply: a collector's failure is a result, so it cannot fail the run's UI. */
  'otlp-send': { ok: true } | { ok: false; reason: string };
  'share-file-build': { text: string };
  'transcript-import': TranscriptImportResult;
  'session-open': SessionOpenResult;
  'session-import-store': null;
  'run-view': { eventCount: number };
  'session-runs-copy': null;
  'run-replay': null;
  'run-continue': RunContinueResult;
  'run-resume': null;
  'runs-compare': RunsCompareResult;
}

export interface CommandEnvelope {
  v: typeof PROTOCOL_VERSION;
  requestId: string;
  command: Command;
}

/** Messages the worker sends. */
export type WorkerMessage =
  | { v: typeof PROTOCOL_VERSION; type: 'ready' }
  | { v: typeof PROTOCOL_VERSION; type: 'run-event'; runId: string; event: RunEvent }
  | { v: typeof PROTOCOL_VERSION; type: 'server-state'; state: ServerState }
  | { v: typeof PROTOCOL_VERSION; type: 'server-removed'; serverId: string }
  | ({ v: typeof PROTOCOL_VERSION } & DebugWorkerMessage)
  /** Logs, protocol traffic, elicitation and sampling requests, OAuth sign-in (see `McpFeatureEvent`). */
  | { v: typeof PROTOCOL_VERSION; type: 'mcp-feature'; event: McpFeatureEvent }
  /** A server's OAuth sign-in: asks the person to sign in, reports signed in / out and errors. */
  | { v: typeof PROTOCOL_VERSION; type: 'oauth'; event: OAuthEvent }
  /** A memory the memory tool keeps changed: the Memory tab reads it again. */
  | ({ v: typeof PROTOCOL_VERSION } & MemoryChangedMessage)
  /** An in-browser model's load going on: bytes and phase. */
  | ({ v: typeof PROTOCOL_VERSION } & InBrowserProgressMessage)
  /** Session storage stopped working (another tab upgraded it, or the browser refused it): said where the person looks. */
  | ({ v: typeof PROTOCOL_VERSION } & StorageProblemMessage)
  /** A checkpoint of a run was stored (the tab tells its other tabs, which follow the session read-only). */
  | ({ v: typeof PROTOCOL_VERSION } & RunLogWrittenMessage)
  /** Whether this tab owns the open session changed by itself (taken over by another tab, or let go by it). */
  | ({ v: typeof PROTOCOL_VERSION } & SessionOwnershipMessage)
  /** Another tab changed the session list, or wrote a session (a read-only tab shows it again). */
  | ({ v: typeof PROTOCOL_VERSION } & TabNoticeMessage)
  /** Part of a run's log, sent to the page for its view (`session-open` with a `viewId`, `run-view`). */
  | ({ v: typeof PROTOCOL_VERSION } & StoredRunViewMessage)
  /** Something the person should know that is not a command's failure (e.g. a tool edit left out of a run). */
  | { v: typeof PROTOCOL_VERSION; type: 'notice'; message: string }
  | { v: typeof PROTOCOL_VERSION; type: 'reply'; requestId: string; ok: true; value: unknown }
  | { v: typeof PROTOCOL_VERSION; type: 'reply'; requestId: string; ok: false; error: string };

/**
 * What really crosses `postMessage` from the worker: run events go in batches (`run-events`, in their wire
 * form, see `run-event-codec.ts`), everything else as in `WorkerMessage`. The client turns each batch back
 * into `run-event` messages, so subscribers only ever see `WorkerMessage`.
 */
export type WireWorkerMessage =
  Exclude<WorkerMessage, { type: 'run-event' }> | ({ v: typeof PROTOCOL_VERSION } & RunEventsMessage);

/** True when `value` is a message of this protocol version as the worker posts it. */
export function isWorkerMessage(value: unknown): value is WireWorkerMessage {
  return isObjectLike(value) && value['v'] === PROTOCOL_VERSION && typeof value['type'] === 'string';
}

/** True when `value` is a command envelope of this protocol version. */
export function isCommandEnvelope(value: unknown): value is CommandEnvelope {
  return (
    isObjectLike(value) &&
    value['v'] === PROTOCOL_VERSION &&
    typeof value['requestId'] === 'string' &&
    isObjectLike(value['command']) &&
    typeof value['command']['type'] === 'string'
  );
}
