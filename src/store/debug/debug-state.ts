// The debugger's part of the store: types and the empty value only.
import type { MessagesSoFar } from '../../engine/debug/messages-so-far';
import type { PauseDecision, PausePoint, StepMode } from '../../engine/debug/pause-point';
import type { Message } from '../../engine/message/message';
import type { ToolDefinition } from '../../engine/model/model';
import type { BranchInfo, DebugSettings, ManualReplyBlock } from '../../protocol/debug-messages';
import type { RunView } from '../run-view';
import type { TokenParts } from './token-parts';

/** The pending request's input tokens, as the provider counted them (per part when asked: `TokenParts`). */
export type TokenCount =
  | { status: 'counting'; perPart?: boolean }
  | { status: 'counted'; inputTokens: number; parts?: TokenParts }
  | { status: 'unavailable' }
  | { status: 'failed'; message: string };

export interface DebugData {
  settings: DebugSettings;
  /** How the current run goes on (as last told to the worker). */
  mode: StepMode;
  /** The pause the current run holds, in full (fetched from the worker on `pause-start`). */
  pending: PausePoint | null;
  tokens: TokenCount | null;
  /** An edit made in the pause panel that Step / Continue will send; `problems` non-empty = not sendable. */
  draft: { decision: PauseDecision; problems: string[] } | null;
  /** The last refusal of an answer (e.g. an edit that does not validate), shown in the pause panel. */
  error: string | null;
  /** The branches of the current run family (empty until a fork). */
  branches: BranchInfo[];
  /** Every family branch's view, folded as its events arrive (switching branches shows one). */
  branchViews: Record<string, RunView>;
  /** The manual model's turn waiting for the person's reply. */
  manualTurn: { runId: string; turnId: string; tools: ToolDefinition[] } | null;
}

export interface DebugSlice {
  debug: DebugData;
  /** Stops listening to the worker (called by the store's dispose). */
  stopDebug: () => void;
  setStepMode: (on: boolean) => void;
  updateDebugSettings: (patch: Partial<DebugSettings>) => void;
  /** Step into the next pause point (F11): answers the pause (with the draft edit) or pauses a running run. */
  step: () => Promise<void>;
  /** Continue (F8): to the next breakpoint, approval or the end. */
  continueDebugRun: () => Promise<void>;
  /** Step over the rest of the round (F10): stop at the next model request. */
  stepOverRound: () => Promise<void>;
  /** Pause (F8 while running): stop at the next pause point. */
  pauseRun: () => Promise<void>;
  /** Answers the pause with `decision` now (approve, deny, skip…); false when the worker refused it. */
  resolvePause: (decision: PauseDecision) => Promise<boolean>;
  setDraft: (draft: DebugData['draft']) => void;
  /** Counts the pending request's input tokens with the provider (one call; three with `perPart`). */
  countTokens: (perPart?: boolean) => Promise<void>;
  /** The messages a fork from `round` starts with, or null (an alert says why). */
  loadForkHistory: (round: number) => Promise<Message[] | null>;
  /** The history the shown run's next request carries so far; rejects with the reason in plain words. */
  loadMessagesSoFar: () => Promise<MessagesSoFar>;
  forkFrom: (round: number, name: string, messages?: Message[]) => Promise<boolean>;
  switchBranch: (runId: string) => void;
  renameBranch: (runId: string, name: string) => Promise<void>;
  /** Shows a remembered family (after a reload or an import) in the switcher and tells the worker about it. */
  restoreBranches: (branches: BranchInfo[], views: Record<string, RunView>) => Promise<void>;
  sendManualReply: (content: ManualReplyBlock[]) => Promise<boolean>;
  /** A restored run went on from its pause (step mode): shows that pause's details once the worker holds it. */
  followResumedRun: (runId: string) => Promise<void>;
}

export const initialDebugData = (settings: DebugSettings): DebugData => ({
  settings,
  mode: settings.stepMode ? 'step' : 'run',
  pending: null,
  tokens: null,
  draft: null,
  error: null,
  branches: [],
  branchViews: {},
  manualTurn: null,
});
