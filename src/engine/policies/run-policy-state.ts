// Pure: the policy state one run carries from round to round (budgets, guards, caps, validators). No I/O.
import type { Tool } from '../tool/tool';
import { createConcurrencyScheduler, type ConcurrencyScheduler } from './concurrency-scheduler';
import { createDuplicateTracker, type DuplicateTracker } from './duplicates';
import { createLoopGuard, type LoopGuard } from './loop-guard';
import type { LoopPolicies } from '../../shared/loop-policies';
import { createRetryBudget, type RetryBudget } from './retry-budget';
import { createSignatureCounts } from './signature-counts';

/**
 * Compiles a tool's JSON Schema once and returns a check of one input: a plain-words problem (path,
 * expected, got) or undefined when valid. Injected (CSP-safe in the worker) so the engine has no validator.
 */
export type ToolInputValidatorFactory = (
  schema: Record<string, unknown>,
) => (input: Record<string, unknown>) => string | undefined;

/** Longest validation problem sent to the model (ENGINE-SPEC rule 14: about 1.5 KB). */
export const MAX_VALIDATION_MESSAGE = 1500;

/** Mutable per-run policy state; the loop owns it and passes it to each round. */
export interface RunPolicyState {
  readonly policies: LoopPolicies;
  readonly retry: RetryBudget;
  readonly duplicates: DuplicateTracker;
  readonly guard: LoopGuard;
  readonly scheduler: ConcurrencyScheduler;
  /** Calls the model made that the budgets let through (any status), over the whole run. */
  toolCalls: number;
  /** The problem with `input` for `tool`, in the words sent to the model; undefined when valid or unchecked. */
  validate(tool: Tool, input: Record<string, unknown>): string | undefined;
}

/** The state of a run under `policies`; `factory` compiles validators (none = inputs go unchecked). */
export function createRunPolicyState(policies: LoopPolicies, factory?: ToolInputValidatorFactory): RunPolicyState {
  const compiled = new WeakMap<object, (input: Record<string, unknown>) => string | undefined>();
  // One record per call signature for both policies (see `createSignatureCounts`).
  const counts = createSignatureCounts();
  return {
    policies,
    retry: createRetryBudget(policies.retryBudget),
    duplicates: createDuplicateTracker(policies.duplicates, counts),
    guard: createLoopGuard(policies.loopGuardRepeats, counts),
    scheduler: createConcurrencyScheduler(policies),
    toolCalls: 0,
    validate(tool, input) {
      if (factory === undefined) return undefined;
      let check = compiled.get(tool.inputSchema);
      if (check === undefined) {
        check = factory(tool.inputSchema);
        compiled.set(tool.inputSchema, check);
      }
      const problem = check(input);
      if (problem === undefined) return undefined;
      return `Invalid input for tool '${tool.name}': ${problem}`.slice(0, MAX_VALIDATION_MESSAGE);
    },
  };
}
