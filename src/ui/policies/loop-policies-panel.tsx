// The loop policies of the next run: limits and what happens at one, duplicates, concurrency, eager start, results.
import type { AtLimitBehaviour, DuplicateMode, LoopLimits } from '../../shared/loop-policies';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { countChangedPolicies, effectivePolicies, type PolicySettings } from '../../store/policies/policy-defaults';
import { panelClass, panelTitleClass, smallButtonClass } from '../common/styles';
import { WholeNumberField } from '../common/whole-number-field';
import { ChoiceField, DollarField, NamesField, SwitchField } from './policy-controls';
import { TimeoutPolicyFields } from './timeout-policy-fields';

const atLimitOptions: { value: AtLimitBehaviour; label: string }[] = [
  { value: 'final-answer', label: 'Ask for a final answer (no tools)' },
  { value: 'fallback-brief', label: 'Fallback brief to a fresh request' },
  { value: 'stop', label: 'Stop' },
];
const duplicateOptions: { value: DuplicateMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'warn', label: 'Warn' },
  { value: 'block', label: 'Block' },
];

const groupClass = 'rounded-md border border-zinc-200 p-3 dark:border-zinc-800';
const summaryClass = 'cursor-pointer text-xs font-semibold text-zinc-700 select-none dark:text-zinc-300';

export function LoopPoliciesPanel() {
  const stored = useLoupeStore((state) => state.settings.policies);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const policies = effectivePolicies(stored);
  const changed = countChangedPolicies(stored);
  const set = (patch: PolicySettings): void => updateSettings({ policies: { ...stored, ...patch } });
  const setLimit = (key: keyof LoopLimits, value: number | undefined): void => {
    const { [key]: _old, ...rest } = stored.limits ?? {};
    set({ limits: value === undefined ? rest : { ...rest, [key]: value } });
  };
  const wallSeconds =
    policies.limits.wallTimeMs === undefined ? undefined : Math.round(policies.limits.wallTimeMs / 1000);

  return (
    <section aria-labelledby="policies-title" className={panelClass}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="policies-title" className={`${panelTitleClass} mb-0`}>
          Loop policies
        </h2>
        {changed > 0 && (
          <button type="button" className={smallButtonClass} onClick={() => updateSettings({ policies: {} })}>
            Reset {changed} to defaults
          </button>
        )}
      </div>
      <div className="space-y-2">
        <details open className={groupClass}>
          <summary className={summaryClass}>Limits</summary>
          <div className="mt-3 grid grid-cols-2 gap-3">
            <WholeNumberField
              optional
              label="Max tool calls"
              value={policies.limits.maxToolCalls}
              min={1}
              max={10_000}
              hint="Per run."
              onCommit={(value) => setLimit('maxToolCalls', value)}
            />
            <WholeNumberField
              optional
              label="Max tool calls per round"
              value={policies.limits.maxToolCallsPerRound}
              min={1}
              max={1_000}
              hint="The rest wait a round."
              onCommit={(value) => setLimit('maxToolCallsPerRound', value)}
            />
            <WholeNumberField
              optional
              label="Wall time (s)"
              value={wallSeconds}
              min={1}
              max={86_400}
              onCommit={(value) => setLimit('wallTimeMs', value === undefined ? undefined : value * 1000)}
            />
            <WholeNumberField
              optional
              label="Token budget"
              value={policies.limits.maxTotalTokens}
              min={1}
              max={100_000_000}
              hint="All calls, in + out."
              onCommit={(value) => setLimit('maxTotalTokens', value)}
            />
            <DollarField
              label="Cost budget (USD)"
              value={policies.limits.maxCostUsd}
              hint="Needs a model price."
              onCommit={(value) => setLimit('maxCostUsd', value)}
            />
            <WholeNumberField
              label="Loop guard"
              value={policies.loopGuardRepeats}
              min={0}
              max={20}
              hint="Same call or error N times; 0 = off."
              onCommit={(value) => set({ loopGuardRepeats: value })}
            />
          </div>
          <div className="mt-3">
            <ChoiceField
              label="At a limit"
              value={policies.atLimit}
              options={atLimitOptions}
              onChange={(value) => set({ atLimit: value })}
            />
          </div>
        </details>
        <details className={groupClass}>
          <summary className={summaryClass}>Calls and results</summary>
          <div className="mt-3 grid grid-cols-2 gap-3">
            <ChoiceField
              label="Duplicates"
              value={policies.duplicates}
              options={duplicateOptions}
              hint="The third identical call."
              onChange={(value) => set({ duplicates: value })}
            />
            <WholeNumberField
              label="Retry budget"
              value={policies.retryBudget}
              min={1}
              max={10}
              hint="Invalid calls, then withheld."
              onCommit={(value) => set({ retryBudget: value })}
            />
            <WholeNumberField
              label="Parallel calls"
              value={policies.maxConcurrency}
              min={1}
              max={64}
              onCommit={(value) => set({ maxConcurrency: value })}
            />
            <WholeNumberField
              label="Parallel calls per server"
              value={policies.maxConcurrencyPerServer}
              min={1}
              max={64}
              onCommit={(value) => set({ maxConcurrencyPerServer: value })}
            />
            <WholeNumberField
              label="Result size cap"
              value={policies.maxResultChars}
              min={100}
              max={1_000_000}
              hint="Characters sent to the model."
              onCommit={(value) => set({ maxResultChars: value })}
            />
            <WholeNumberField
              label="Tool count warning"
              value={policies.toolCountWarning}
              min={1}
              max={500}
              hint="Warn above this many tools."
              onCommit={(value) => set({ toolCountWarning: value })}
            />
          </div>
          <div className="mt-3 space-y-2">
            <SwitchField
              label="Eager start"
              checked={policies.eagerStart}
              hint="Read-only calls start while the reply still streams."
              onChange={(value) => set({ eagerStart: value })}
            />
            <SwitchField
              label="Sequential fallback"
              checked={policies.sequentialFallback}
              hint="Re-run retryable failures to one server one by one."
              onChange={(value) => set({ sequentialFallback: value })}
            />
            <NamesField
              label="Sequential tools"
              names={policies.sequentialTools}
              hint="Exposed names, comma-separated: one call at a time."
              onCommit={(names) => set({ sequentialTools: names })}
            />
            <NamesField
              label="Sequential servers"
              names={policies.sequentialServers}
              hint="Server names: one call at a time per server."
              onCommit={(names) => set({ sequentialServers: names })}
            />
            <NamesField
              label="Direct-output tools"
              names={policies.directOutputTools}
              hint="Their result ends the run as the answer."
              onCommit={(names) => set({ directOutputTools: names })}
            />
          </div>
        </details>
        <details className={groupClass}>
          <summary className={summaryClass}>Timeouts</summary>
          <TimeoutPolicyFields policies={policies} set={set} />
        </details>
      </div>
    </section>
  );
}
