// The events of calls an MCP App makes (not the model): they sit in the round of the call that opened the
// app, never in the model's history. Pure types.
import type { ToolResultContentBlock } from '../message/message';
import type { ToolLogLevel, ToolProgress, ToolResultStatus } from '../tool/tool';

export type AppCallEvent =
  /**
   * An app's `tools/call` arrived (before any pause). `appOf` is the model's call whose app made it;
   * `name` the tool's exposed name (what breakpoints and approvals match), `toolName` the server's own.
   */
  | {
      type: 'app-call-start';
      at: number;
      round: number;
      callId: string;
      appOf: string;
      name: string;
      toolName: string;
      input: Record<string, unknown>;
    }
  /** A progress notification of the running call (it also pushed the call's idle timeout back). */
  | ({ type: 'app-call-progress'; at: number; round: number; callId: string; appOf: string } & ToolProgress)
  /** A log message the server sent while the call ran (MCP `notifications/message`); capped per call. */
  | {
      type: 'app-call-log';
      at: number;
      round: number;
      callId: string;
      appOf: string;
      level: ToolLogLevel;
      message: string;
    }
  /**
   * How it ended, as the app was answered (after any edit): `content` as the timeline shows it,
   * `structuredContent` the server's own (bounded), absent when the result was edited or refused.
   */
  | {
      type: 'app-call-end';
      at: number;
      round: number;
      callId: string;
      appOf: string;
      status: ToolResultStatus;
      isError: boolean;
      content: ToolResultContentBlock[];
      structuredContent?: Record<string, unknown>;
      /** As `CallTiming` of a model's call (`startedAt` absent when it never ran). */
      timing: { queuedAt: number; startedAt?: number; endedAt: number };
    };
