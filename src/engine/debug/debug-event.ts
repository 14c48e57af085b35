// The debugger's run events (ENGINE-SPEC §7): pauses and the edits a person made. Pure types.
import type { RequestDigest } from '../event/request-digest';
import type { StopReason } from '../model/model';
import type { ToolResultStatus } from '../tool/tool';
import type { ApprovalScope, PauseDecision, PauseKind, PauseReason, PlannedCompaction } from './pause-point';

/** A pause point as events carry it: enough to show where the loop stands, never the whole history. */
export interface PauseDigest {
  kind: PauseKind;
  round: number;
  callId?: string;
  name?: string;
  /** The call's input (before-tool, after-tool). */
  input?: Record<string, unknown>;
  status?: ToolResultStatus;
  stopReason?: StopReason | null;
  /** Why a call would not run as is (before-tool). */
  problem?: string;
  /** An MCP App's call (before-tool, after-tool): the model's call whose app made it. */
  appOf?: string;
  /** The compaction about to be applied, summary included (before-compaction): a resumed run shows it again. */
  compaction?: PlannedCompaction;
}

/**
 * What an edit changed: a field of the pending request, a call's input, its result, a result given by hand, or
 * a compaction's summary.
 */
export type EditTarget =
  | 'request.system'
  | 'request.messages'
  | 'request.tools'
  | 'request.maxTokens'
  | 'request.temperature'
  | 'request.toolChoice'
  | 'input'
  | 'result'
  | 'skip'
  /** The summary of a compaction, rewritten at its before-compaction pause. */
  | 'compaction.summary';

/** One recorded edit: what, before, after (ENGINE-SPEC rule 21). */
export interface EditRecord {
  what: EditTarget;
  before: unknown;
  after: unknown;
}

export type DebugEvent =
  | { type: 'pause-start'; at: number; pauseId: string; round: number; pause: PauseDigest; reasons: PauseReason[] }
  | {
      type: 'pause-end';
      at: number;
      pauseId: string;
      round: number;
      decision: PauseDecision['type'];
      /** An approval answered for more than this call (see `ApprovalScope`). */
      remember?: ApprovalScope;
    }
  /**
   * An edit applied at a pause. `request.messages` replaces the history (the fold takes `after`); request
   * edits carry the request's new digest; result edits (`result`, `skip`) carry the status sent.
   */
  | ({
      type: 'edit-apply';
      at: number;
      round: number;
      pauseId: string;
      callId?: string;
      request?: RequestDigest;
      status?: ToolResultStatus;
      isError?: boolean;
    } & EditRecord);
