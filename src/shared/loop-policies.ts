// The loop's policies (ENGINE-SPEC §3–6) as one settable object, with the defaults. Pure types and data,
// shared by the engine (which applies them) and the UI (which shows the defaults), so there is one copy.

/** What the loop does when a budget is reached (ENGINE-SPEC rule 8). */
export type AtLimitBehaviour = 'final-answer' | 'fallback-brief' | 'stop';

/** How identical calls are treated (ENGINE-SPEC rule 18). */
export type DuplicateMode = 'off' | 'warn' | 'block';

/**
 * What compaction does to the oldest part of the history (ENGINE-SPEC rule 28): `off`, `trim` (the oldest tool
 * results shortened to a marker the model can read), `summarise` (one model call turns the oldest rounds into a
 * summary) or `both` (trim first, summarise when that was not enough).
 */
export type CompactionMode = 'off' | 'trim' | 'summarise' | 'both';

/** When and how the history is compacted before a follow-up request. */
export interface CompactionPolicy {
  /** Default `off`. */
  mode: CompactionMode;
  /**
   * Compact when the estimated next request passes this share (1–100) of the model's context window
   * (`RunOptions.contextWindow`; without a window this trigger never fires). Default 80.
   */
  thresholdPercent: number;
  /** Also compact every this many rounds, whatever the size; 0 = never. Default 0. */
  everyRounds: number;
  /** Rounds before the current one that are never touched. Default 2. */
  keepRounds: number;
}

/** Budgets of one run besides max rounds (which stays `RunOptions.maxRounds`). Absent = no limit. */
export interface LoopLimits {
  /** Tool calls the whole run may make; calls past it answer "not executed: budget reached". */
  maxToolCalls?: number;
  /** Tool calls one round may run; the rest of that round answer "not executed" and the loop goes on. */
  maxToolCallsPerRound?: number;
  /** Milliseconds from the run's start; checked before each model request and after each round. */
  wallTimeMs?: number;
  /** Input + output + cache tokens of every model call together. */
  maxTotalTokens?: number;
  /** US dollars at `RunOptions.price`; ignored when no price is given. */
  maxCostUsd?: number;
  /**
   * Max rounds does not apply while a wall-time, token or cost budget (with a price) is set: that budget ends the
   * run instead (long agent runs take hundreds of rounds). Without one of them max rounds applies as usual, so a
   * run always has an end. Default false.
   */
  noRoundLimit?: boolean;
}

/** True when `limits` end a run by themselves (wall time, tokens, or cost at a known price). */
export function hasEndingBudget(limits: LoopLimits, hasPrice: boolean): boolean {
  return (
    limits.wallTimeMs !== undefined ||
    limits.maxTotalTokens !== undefined ||
    (limits.maxCostUsd !== undefined && hasPrice)
  );
}

/** Every loop policy. Each field is documented with its default (`DEFAULT_LOOP_POLICIES`). */
export interface LoopPolicies {
  /** Budgets besides rounds. Default: none. */
  limits: LoopLimits;
  /** Behaviour at any limit. Default `final-answer` (one more request with `tool_choice: none`). */
  atLimit: AtLimitBehaviour;
  /**
   * Loop guard (ENGINE-SPEC rule 9): the same call (name + canonical arguments) this many times in a run,
   * or the same error this many times in a row, is the limit `loop`. Default 3; 0 turns it off.
   */
  loopGuardRepeats: number;
  /** Identical calls: in one round to a read-only tool they share a result; the third across rounds warns or is blocked. Default `warn`. */
  duplicates: DuplicateMode;
  /** Calls of one round running at once. Default 8. */
  maxConcurrency: number;
  /** Calls to one MCP server running at once. Default 4. */
  maxConcurrencyPerServer: number;
  /** Exposed tool names whose calls run one at a time. Default none. */
  sequentialTools: string[];
  /** MCP server names whose calls run one at a time. Default none. */
  sequentialServers: string[];
  /** Start read-only calls as soon as their tool_use block has streamed (ENGINE-SPEC rule 11). Default true. */
  eagerStart: boolean;
  /** Consecutive invalid calls of one tool before it is withheld for a round (ENGINE-SPEC rule 15). Default 3. */
  retryBudget: number;
  /** Characters of text a result may send to the model; longer ones are cut with a marker. Default 20 000. */
  maxResultChars: number;
  /** Re-run calls that failed retryably in a parallel batch to one server one by one (ENGINE-SPEC rule 13). Default true. */
  sequentialFallback: boolean;
  /** Exposed tool names whose result ends the run as the answer (ENGINE-SPEC rule 19). Default none. */
  directOutputTools: string[];
  /** The UI warns when more tools than this are sent; recorded with the run. Default 20. */
  toolCountWarning: number;
  /**
   * Idle timeout of a tool call in ms when neither the tool nor its server sets one; each progress
   * notification restarts it. Default 60 000.
   */
  toolTimeoutMs: number;
  /** The most one tool call may take in ms, progress or not (never below its idle timeout). Default 600 000. */
  toolMaxTotalMs: number;
  /** A model stream that sends nothing for this many ms fails with a plain error. Default 120 000. */
  modelIdleTimeoutMs: number;
  /** Context compaction before follow-up requests (ENGINE-SPEC rule 28). Default off. */
  compaction: CompactionPolicy;
}

/** The compaction defaults: off; at 80 % of the window; never by round count; the last 2 rounds kept. */
export const DEFAULT_COMPACTION: CompactionPolicy = {
  mode: 'off',
  thresholdPercent: 80,
  everyRounds: 0,
  keepRounds: 2,
};

/** The defaults of every policy (see each field of `LoopPolicies`). */
export const DEFAULT_LOOP_POLICIES: LoopPolicies = {
  limits: {},
  atLimit: 'final-answer',
  loopGuardRepeats: 3,
  duplicates: 'warn',
  maxConcurrency: 8,
  maxConcurrencyPerServer: 4,
  sequentialTools: [],
  sequentialServers: [],
  eagerStart: true,
  retryBudget: 3,
  maxResultChars: 20_000,
  sequentialFallback: true,
  directOutputTools: [],
  toolCountWarning: 20,
  toolTimeoutMs: 60_000,
  toolMaxTotalMs: 600_000,
  modelIdleTimeoutMs: 120_000,
  compaction: DEFAULT_COMPACTION,
};

/** `partial` over the defaults; caps below 1 read as 1, so a bad setting can never stall the loop. */
export function resolveLoopPolicies(partial: Partial<LoopPolicies> | undefined): LoopPolicies {
  const merged: LoopPolicies = { ...DEFAULT_LOOP_POLICIES, ...partial, limits: { ...partial?.limits } };
  return {
    ...merged,
    maxConcurrency: Math.max(1, Math.floor(merged.maxConcurrency)),
    maxConcurrencyPerServer: Math.max(1, Math.floor(merged.maxConcurrencyPerServer)),
    retryBudget: Math.max(1, Math.floor(merged.retryBudget)),
    maxResultChars: Math.max(100, Math.floor(merged.maxResultChars)),
    loopGuardRepeats: Math.max(0, Math.floor(merged.loopGuardRepeats)),
    toolTimeoutMs: atLeast(merged.toolTimeoutMs, 100, DEFAULT_LOOP_POLICIES.toolTimeoutMs),
    toolMaxTotalMs: atLeast(merged.toolMaxTotalMs, 100, DEFAULT_LOOP_POLICIES.toolMaxTotalMs),
    modelIdleTimeoutMs: atLeast(merged.modelIdleTimeoutMs, 1000, DEFAULT_LOOP_POLICIES.modelIdleTimeoutMs),
    compaction: resolveCompaction(partial?.compaction),
  };
}

/** A compaction setting read safely: unknown modes are `off`, numbers clamped to their ranges. */
function resolveCompaction(partial: Partial<CompactionPolicy> | undefined): CompactionPolicy {
  const merged = { ...DEFAULT_COMPACTION, ...partial };
  const whole = (value: number, min: number, max: number, fallback: number): number =>
    Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : fallback;
  return {
    mode: (['off', 'trim', 'summarise', 'both'] as const).includes(merged.mode) ? merged.mode : 'off',
    thresholdPercent: whole(merged.thresholdPercent, 1, 100, DEFAULT_COMPACTION.thresholdPercent),
    everyRounds: whole(merged.everyRounds, 0, 10_000, 0),
    keepRounds: whole(merged.keepRounds, 0, 1_000, DEFAULT_COMPACTION.keepRounds),
  };
}

/** A time setting read safely: not a finite number → the default; below `min` → `min`. */
function atLeast(value: number, min: number, fallback: number): number {
  return Number.isFinite(value) ? Math.max(min, Math.floor(value)) : fallback;
}
