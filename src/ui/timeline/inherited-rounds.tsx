// At the head of a fork's timeline: the rounds it took over from its parent, referenced, one click away.
import { useMemo } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inheritedRoundsOf, type InheritedRounds } from '../../store/round-offset';
import { smallButtonClass } from '../common/styles';

/** "Rounds 1–4 from “Original”" (or "Round 1 from …"). */
export function describeInheritedRounds(inherited: InheritedRounds): string {
  const span = inherited.count === 1 ? 'Round 1' : `Rounds 1–${inherited.count}`;
  return `${span} from “${inherited.parentName}”`;
}

/** The shown run's inherited rounds, or null when it is no fork (or a fork of round 1). */
export function useInheritedRounds(): InheritedRounds | null {
  const branches = useLoupeStore((state) => state.debug.branches);
  const runId = useLoupeStore((state) => state.runView.runId);
  return useMemo(() => inheritedRoundsOf(branches, runId), [branches, runId]);
}

export function InheritedRoundsItem() {
  const inherited = useInheritedRounds();
  const switchBranch = useLoupeStore((state) => state.switchBranch);
  if (inherited === null) return null;
  return (
    <aside
      aria-label="Inherited rounds"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-4 py-2.5 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
    >
      <span>
        {describeInheritedRounds(inherited)}: this fork starts at round {inherited.count + 1} and keeps the original
        numbers.
      </span>
      <button type="button" className={smallButtonClass} onClick={() => switchBranch(inherited.parentRunId)}>
        Show “{inherited.parentName}”
      </button>
    </aside>
  );
}
