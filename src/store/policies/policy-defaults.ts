// The loop-policy defaults as the UI shows them, and the person's settings over them.
import { DEFAULT_LOOP_POLICIES, type LoopPolicies } from '../../shared/loop-policies';

/** The defaults shown for every policy the person has not set: the very object the engine applies. */
export const POLICY_DEFAULTS: LoopPolicies = DEFAULT_LOOP_POLICIES;

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
