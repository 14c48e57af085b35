// The debugger's seam (ENGINE-SPEC §7): pause points, decisions and the policy that selects them. Pure types.
import type { Message, ToolResultContentBlock } from '../message/message';
import type { ModelRequest, StopReason, ToolChoice, ToolDefinition } from '../model/model';
import type { ToolResultStatus } from '../tool/tool';
import type { CompactionFigures, CompactionTrigger } from '../compaction/compaction-figures';
import type { CompactionMode } from '../../shared/loop-policies';

/**
 * Where the loop can stop: before a model request, after its reply, before a tool call, after its result, and
 * before a compaction of the history is applied (ENGINE-SPEC rule 28; the summary, if any, is already made).
 */
export type PauseKind = 'before-request' | 'after-reply' | 'before-tool' | 'after-tool' | 'before-compaction';

/**
 * A compaction planned and not applied yet, as the `before-compaction` pause shows it. Tokens are estimates of
 * the whole next request (system, tools, history); `summary` is the summariser's text when the plan summarises;
 * `usage` (its call, already spent) is kept so a resumed run still counts it.
 */
export interface PlannedCompaction extends CompactionFigures {
  mode: Exclude<CompactionMode, 'off'>;
  trigger: CompactionTrigger;
  /** Why it triggers, in plain words ("the request (~1,234 tokens) passed 50% of …"). */
  because: string;
}

/** Why the loop stopped here (one pause can have several reasons). */
export type PauseReason =
  | { kind: 'step' }
  | { kind: 'breakpoint'; breakpointId: string; label: string }
  | { kind: 'approval'; toolName: string };

/** What is pending at a pause, in full (the pause gate receives this; events carry a digest). */
export type PausePayload =
  | { kind: 'before-request'; round: number; request: ModelRequest }
  | { kind: 'after-reply'; round: number; message: Message; stopReason: StopReason | null }
  | {
      kind: 'before-tool';
      round: number;
      callId: string;
      name: string;
      input: Record<string, unknown>;
      /** The tool's JSON Schema, when the name resolves: edited input is validated against it. */
      inputSchema?: Record<string, unknown>;
      /** Why the call would not run as is (bad input, unknown tool); editing the input may fix it. */
      problem?: string;
      /** An MCP App's call (not the model's): the model's call whose app made it. */
      appOf?: string;
    }
  | {
      kind: 'after-tool';
      round: number;
      callId: string;
      name: string;
      input: Record<string, unknown>;
      status: ToolResultStatus;
      isError: boolean;
      content: ToolResultContentBlock[];
      /** An MCP App's call (not the model's): the model's call whose app made it. */
      appOf?: string;
    }
  | { kind: 'before-compaction'; round: number; compaction: PlannedCompaction };

/** One pause as the gate sees it: an id (to match the answer), the pending payload and the reasons. */
export type PausePoint = PausePayload & { pauseId: string; reasons: PauseReason[] };

/** The fields of a pending request a person may change; absent fields stay as they are. */
export interface RequestPatch {
  system?: string;
  messages?: Message[];
  tools?: ToolDefinition[];
  maxTokens?: number;
  temperature?: number;
  toolChoice?: ToolChoice;
}

/**
 * How far an answer to an approval reaches beyond this call: the tool for the rest of the page session, or
 * always (remembered on the device). Recorded on the pause's `pause-end`; the policy change itself is the
 * controller's (the UI updates the approval settings before it answers).
 */
export type ApprovalScope = 'session' | 'always';

/**
 * How to go on from a pause. `continue` and `stop` fit every pause; `edit-request` fits `before-request`;
 * `edit-input` (run with this input), `skip` (do not run, use this result) and `deny` fit `before-tool`;
 * `edit-result` fits `after-tool`; `edit-summary` (apply the compaction with this summary; only when it
 * summarises) and `skip-compaction` (leave the history as it is) fit `before-compaction`, where `continue`
 * applies the compaction as planned. A decision that does not fit the pause is treated as `continue`.
 */
export type PauseDecision =
  | { type: 'continue'; remember?: ApprovalScope }
  | { type: 'stop' }
  | { type: 'edit-request'; patch: RequestPatch }
  | { type: 'edit-input'; input: Record<string, unknown>; remember?: ApprovalScope }
  | { type: 'skip'; content: ToolResultContentBlock[]; isError: boolean }
  | { type: 'deny'; message: string; remember?: ApprovalScope }
  | { type: 'edit-result'; content: ToolResultContentBlock[]; isError: boolean }
  | { type: 'edit-summary'; summary: string }
  | { type: 'skip-compaction' };

/** A breakpoint: selects pause points by tool name, tool error, stop reason, round, or any compaction. */
export type Breakpoint = { id: string; enabled: boolean } & (
  | { kind: 'tool'; toolName: string }
  | { kind: 'compaction' }
  | { kind: 'tool-error' }
  | { kind: 'stop-reason'; stopReason: StopReason }
  | { kind: 'round'; round: number }
);

/** Per-tool approval (ENGINE-SPEC rule 22). */
export type ToolApproval = 'auto' | 'ask' | 'deny';

/**
 * How the loop stops: `run` only at breakpoints and approvals, `step` at every pause point, `next-round`
 * at the next model request (stepping over a round).
 */
export type StepMode = 'run' | 'step' | 'next-round';

/** What selects pause points; read afresh at every point, so it can change while a run goes. */
export interface DebugPolicy {
  mode: StepMode;
  breakpoints: Breakpoint[];
  approval: {
    /** When on, tools without a setting default to `ask` unless read-only (MCP `readOnlyHint`). */
    enabled: boolean;
    /** Settings by exposed tool name; they apply only while approval is on. */
    tools: Record<string, ToolApproval>;
    /** Answers given at a pause for this page session only (never stored); they win over `tools`. */
    session?: Record<string, ToolApproval>;
  };
}

/**
 * The controller a run is given (`RunOptions.debug`). `getPolicy` is read at every pause point;
 * `pauseGate` is awaited at each point the policy selects (one at a time, in order) and must resolve
 * with how to go on. `validateInput` checks an edited tool input against the tool's schema (CSP-safe,
 * injected so the engine stays free of a validator); it returns a plain-words problem or undefined.
 */
export interface DebugController {
  getPolicy(): DebugPolicy;
  /**
   * One turn for every debug session of the run (the loop's and its MCP Apps' calls), so only one pause is
   * held at a time; absent = each session takes its own turns.
   */
  pauseTurn?: PauseTurn;
  pauseGate(point: PausePoint): Promise<PauseDecision>;
  validateInput?(schema: Record<string, unknown>, input: Record<string, unknown>): string | undefined;
}

/** Whose turn it is to pause: the promise the next pause waits for (sessions of one run share it). */
export interface PauseTurn {
  current: Promise<void>;
}

/** A policy that never pauses: the default for runs without a debugger. */
export const RUN_THROUGH_POLICY: DebugPolicy = {
  mode: 'run',
  breakpoints: [],
  approval: { enabled: false, tools: {} },
};
