// The loop policies of the next run: limits and what happens at one, calls and results, timeouts, compaction.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { MAX_ROUNDS_LIMIT } from '../../store/settings';
import { WholeNumberField } from '../common/whole-number-field';
import { countChangedPolicies, effectivePolicies, type PolicySettings } from '../../store/policies/policy-defaults';
import { panelClass, panelTitleClass, smallButtonClass } from '../common/styles';
import { PolicyFieldView } from './policy-field';
import { POLICY_GROUPS, type PolicyField } from './policy-fields';

const groupClass = 'rounded-md border border-zinc-200 p-3 dark:border-zinc-800';
const summaryClass = 'cursor-pointer text-xs font-semibold text-zinc-700 select-none dark:text-zinc-300';
/** Numbers sit in a two-column grid; choices, switches and lists of names take the full width below. */
const isGridField = (field: PolicyField): boolean =>
  field.kind === 'whole' || field.kind === 'optional-whole' || field.kind === 'dollar';

export function LoopPoliciesPanel() {
  const stored = useLoupeStore((state) => state.settings.policies);
  const maxRounds = useLoupeStore((state) => state.settings.maxRounds);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const policies = effectivePolicies(stored);
  const changed = countChangedPolicies(stored);
  const set = (patch: PolicySettings): void => updateSettings({ policies: { ...stored, ...patch } });
  const view = (field: PolicyField) => (
    <PolicyFieldView key={field.label} field={field} policies={policies} stored={stored} set={set} />
  );

  return (
    <section aria-labelledby="policies-title" className={panelClass}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="policies-title" className={`${panelTitleClass} mb-0`}>
          Loop policies
        </h2>
        {changed > 0 && (
          <button type="button" className={smallButtonClass} onClick={() => updateSettings({ policies: {} })}>
            {changed === 1 ? 'Reset the changed policy' : `Reset ${changed} changed policies`}
          </button>
        )}
      </div>
      <div className="space-y-2">
        {POLICY_GROUPS.map((group) => (
          <details key={group.title} open={group.open} className={groupClass}>
            <summary className={summaryClass}>{group.title}</summary>
            {/* The round budget is a setting of its own (a test case keeps it), shown first among the limits. */}
            {group.title === 'Limits' && (
              <div className="mt-3 grid grid-cols-2 gap-3">
                <WholeNumberField
                  label="Max rounds"
                  value={maxRounds}
                  min={1}
                  max={MAX_ROUNDS_LIMIT}
                  hint="Model calls per run."
                  onCommit={(value) => updateSettings({ maxRounds: value })}
                />
              </div>
            )}
            {chunkFields(group.fields).map((chunk) => (
              <div
                key={chunk[0]?.label}
                className={isGridField(chunk[0] as PolicyField) ? 'mt-3 grid grid-cols-2 gap-3' : 'mt-3 space-y-2'}
              >
                {chunk.map(view)}
              </div>
            ))}
          </details>
        ))}
      </div>
    </section>
  );
}

/** Consecutive fields of the same layout (grid or full width), in their order. */
function chunkFields(fields: readonly PolicyField[]): PolicyField[][] {
  const chunks: PolicyField[][] = [];
  for (const field of fields) {
    const last = chunks[chunks.length - 1];
    const first = last?.[0];
    if (last !== undefined && first !== undefined && isGridField(first) === isGridField(field)) last.push(field);
    else chunks.push([field]);
  }
  return chunks;
}
