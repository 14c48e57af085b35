// Inputs and outputs of `runToolLoop`. Pure types: clock, ids and timers are injected.
import type { DebugController } from '../debug/pause-point';
import type { FinishReason, RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import type { Model, Usage } from '../model/model';
import type { ModelPrice } from '../model/model-capabilities';
import type { LoopPolicies } from '../../shared/loop-policies';
import type { ToolInputValidatorFactory } from '../policies/run-policy-state';
import type { Tool } from '../tool/tool';
import type { RunResume } from './resume-run';

/** Injected effects, so the engine stays pure and tests are deterministic. */
export interface RunEnvironment {
  /** Milliseconds since the epoch (or any monotonic origin in tests). */
  now(): number;
  /** A fresh unique id with the given prefix. */
  createId(prefix: string): string;
  /** Calls `callback` after `ms`; returns a function that cancels it. */
  setTimer(callback: () => void, ms: number): () => void;
  /**
   * Calls `callback` once the current burst of work is over (a zero-delay timer: after pending microtasks).
   * With it, `RunHandle.batches` hands the consumer one batch per burst; absent, one per engine step.
   */
  defer?: (callback: () => void) => void;
}

export interface RunOptions {
  model: Model;
  tools: Tool[];
  system?: string;
  /** The history before this run; the loop repairs it first. */
  history: Message[];
  /** The new user message (text or blocks); absent when a fork goes on from `history` as it is. */
  userMessage?: Message;
  /** Default 10. Reaching it is a visible `limit-reached` event, finish reason `limit:rounds`. */
  maxRounds?: number;
  /** Default 4096. */
  maxTokens?: number;
  temperature?: number;
  /** Per-call timeout in ms when the tool sets none. Default 60 000. */
  toolTimeoutMs?: number;
  signal?: AbortSignal;
  environment: RunEnvironment;
  runId?: string;
  /** The step-through debugger (ENGINE-SPEC §7): policy and pause gate. Absent = no pauses, no edits. */
  debug?: DebugController;
  /** Loop policies (ENGINE-SPEC §3–6) over `DEFAULT_LOOP_POLICIES`; absent fields keep their defaults. */
  policies?: Partial<LoopPolicies>;
  /** Compiles a tool's schema once into an input check (CSP-safe in the worker); absent = inputs go unchecked. */
  validateInput?: ToolInputValidatorFactory;
  /**
   * The current catalogue, asked before every round after the first (tools/list_changed refreshes it);
   * absent = `tools` for the whole run. A change is a visible `tools-update` event.
   */
  getTools?: () => Tool[] | Promise<Tool[]>;
  /** The price the cost budget is counted at (USD per million tokens); without it the cost limit never acts. */
  price?: ModelPrice;
  /** Tokens the model reads in one request (its capabilities); compaction's size trigger measures against it. */
  contextWindow?: number;
  /**
   * Resume a run cut short while held at a pause (a reload): its stored log. The run keeps its id, emits
   * nothing already logged and holds the same pause again; `history`, `userMessage` and `runId` are ignored.
   */
  resume?: RunResume;
}

export interface RunResult {
  runId: string;
  finishReason: FinishReason;
  /** The full, API-valid history at the end. */
  messages: Message[];
  rounds: number;
  usage: Usage;
}

/**
 * A running loop: iterate `events` or `batches` (one of them: they read the same buffer); `result` settles
 * when the run ends (it never rejects).
 */
export interface RunHandle {
  events: AsyncIterable<RunEvent>;
  /** The same events, each step everything logged since the last (one await per batch, not per event). */
  batches: AsyncIterable<readonly RunEvent[]>;
  result: Promise<RunResult>;
}
