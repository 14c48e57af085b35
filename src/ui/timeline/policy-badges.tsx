// The loop policies that acted in a round, as small labelled badges with their explanation.
import type { PolicyName } from '../../engine/event/run-event';
import type { PolicyActView } from '../../store/run-view';

const policyLabel: Record<PolicyName, string> = {
  'json-repair': 'JSON repaired',
  'name-resolution': 'name resolved',
  'retry-budget': 'retry budget',
  'tool-withheld': 'tool withheld',
  duplicate: 'duplicate',
  'tool-call-cap': 'call cap',
  'eager-start': 'eager start',
  'sequential-fallback': 'sequential fallback',
  'call-retry': 'retry',
  truncate: 'result cut',
  'direct-output': 'direct output',
  'final-answer': 'final answer',
  'fallback-brief': 'fallback brief',
  'tools-refresh': 'tools refreshed',
  compaction: 'compaction',
};

/** Every policy act of a round: the badge names the policy, the text says what it did. */
export function PolicyBadges({ acts }: { acts: readonly PolicyActView[] | undefined }) {
  if (acts === undefined || acts.length === 0) return null;
  return (
    <ul aria-label="Policies that acted" className="flex flex-col gap-1">
      {acts.map((act, index) => (
        <li key={index} className="flex flex-wrap items-baseline gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-mono text-[11px] font-medium text-indigo-700 ring-1 ring-indigo-600/20 ring-inset dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/30">
            {policyLabel[act.policy]}
          </span>
          <span className="min-w-0">{act.detail}</span>
        </li>
      ))}
    </ul>
  );
}
