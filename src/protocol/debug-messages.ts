// The debugger's part of the worker ⇄ UI contract: commands, results and the manual model's turns. Types only.
import type { PauseDecision, PausePoint, StepMode } from '../engine/debug/pause-point';
import type { MessagesSoFar } from '../engine/debug/messages-so-far';
import type { Message } from '../engine/message/message';
import type { ModelRequest, ToolDefinition } from '../engine/model/model';
import type { RunSettings } from './settings';

import type { DebugSettings } from './debug-settings';

/** The person's debugger settings; they apply to runs going on and to new ones. */
export { DEFAULT_DEBUG_SETTINGS, type DebugSettings } from './debug-settings';

/** One block of a reply the person writes as the model ("You are the model"). */
export type ManualReplyBlock =
  { type: 'text'; text: string } | { type: 'tool_use'; name: string; input: Record<string, unknown> };

/** A branch of a run family: a run and, for a fork, where it came from. */
export interface BranchInfo {
  runId: string;
  name: string;
  parentRunId: string | null;
  forkRound: number | null;
}

export type DebugCommand =
  /** Replaces the debugger settings (live: a run going on reads them at its next pause point). */
  | { type: 'debug-set'; settings: DebugSettings }
  /** How a run goes on: `step` also serves Pause (stop at the next point while running). */
  | { type: 'run-mode'; runId: string; mode: StepMode }
  /** The pending pause in full (the request as it will be sent, the call's input, the result), or null. */
  | { type: 'pause-inspect'; runId: string }
  /**
   * Answers the pause `pauseId` (refused, with the reason, when the edit does not validate or the pause
   * is gone); `then` sets how the run goes on afterwards (Step, Continue, step over a round).
   */
  | { type: 'pause-resolve'; runId: string; pauseId: string; decision: PauseDecision; then?: StepMode }
  /** Input tokens of `request` for the run's model, from the provider's count-tokens endpoint; null if none. */
  | { type: 'tokens-count'; runId: string; request: ModelRequest }
  /** The messages round `round` of `runId` sent (repaired): what a fork from there starts with. */
  | { type: 'fork-history'; runId: string; round: number }
  /** The history the run's next request carries so far (compacted when a compaction is in force). */
  | { type: 'messages-so-far'; runId: string }
  /** Starts run `newRunId` from `fork-history` (or the edited `messages`); the original run is kept. */
  | {
      type: 'run-fork';
      runId: string;
      newRunId: string;
      round: number;
      name: string;
      settings: RunSettings;
      messages?: Message[];
    }
  | { type: 'branch-rename'; runId: string; name: string }
  /**
   * Tells the worker the branches of run families it forgot (a reload, an import): each run must be known
   * (loaded or imported) for a fork from it or an export with its family; entries replace those of the same run.
   */
  | { type: 'branches-restore'; branches: BranchInfo[] }
  /** The person's reply for the manual model's turn `turnId`. */
  | { type: 'manual-reply'; runId: string; turnId: string; content: ManualReplyBlock[] };

export interface DebugCommandResults {
  'debug-set': null;
  'run-mode': null;
  'pause-inspect': PausePoint | null;
  'pause-resolve': null;
  'tokens-count': { inputTokens: number } | null;
  'fork-history': Message[];
  'messages-so-far': MessagesSoFar;
  'run-fork': BranchInfo;
  'branch-rename': null;
  'branches-restore': null;
  'manual-reply': null;
}

/** Worker messages of the debugger: the manual model waits for the person's reply. */
export type DebugWorkerMessage = {
  type: 'manual-turn';
  runId: string;
  turnId: string;
  /** The tools the reply may call (names as exposed, with their schemas). */
  tools: ToolDefinition[];
};
