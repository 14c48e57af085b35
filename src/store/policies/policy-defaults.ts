// The engine's loop-policy defaults as the UI shows them (the store may not import the engine at run time).
import type { LoopPolicies } from '../../engine/policies/loop-policies';

/**
 * A copy of the engine's `DEFAULT_LOOP_POLICIES`, shown as the value of every policy the person has not
 * set; `test/policy-defaults.test.ts` keeps the two equal.
 */
export const POLICY_DEFAULTS: LoopPolicies = {
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
};

/** The settings the person changed over the defaults: what a run sends and what the panel edits. */
export type PolicySettings = Partial<LoopPolicies>;

/** The value of every policy: the person's settings over the defaults. */
export function effectivePolicies(settings: PolicySettings): LoopPolicies {
  return { ...POLICY_DEFAULTS, ...settings, limits: { ...settings.limits } };
}

/** How many policies differ from the defaults (limits count one each). */
export function countChangedPolicies(settings: PolicySettings): number {
  const { limits, ...rest } = settings;
  const changed = Object.entries(rest).filter(
    ([key, value]) => JSON.stringify(value) !== JSON.stringify(POLICY_DEFAULTS[key as keyof typeof POLICY_DEFAULTS]),
  ).length;
  return changed + Object.values(limits ?? {}).filter((value) => value !== undefined).length;
}
