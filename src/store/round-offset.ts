// Forks keep the original round numbers: a run's rounds are numbered from 1 by the engine, and shown shifted
// by the rounds its family had before it forked. Pure.
import type { BranchInfo } from '../protocol/debug-messages';

/** The most rounds an offset may add: a stored or imported `forkRound` is not trusted to be sane. */
const MAX_OFFSET = 1_000_000_000;

type BranchLink = Pick<BranchInfo, 'runId' | 'parentRunId' | 'forkRound'>;

/** `forkRound` as a whole number ≥ 1, or null when it is missing or not a number at all. */
function cleanForkRound(forkRound: unknown): number | null {
  if (typeof forkRound !== 'number' || !Number.isFinite(forkRound)) return null;
  return Math.min(MAX_OFFSET, Math.max(1, Math.floor(forkRound)));
}

/**
 * How many rounds `runId` inherited from the runs it was forked from: a fork of round N re-asks round N, so
 * its own round 1 is shown as round N, i.e. the offset is N − 1, plus its parent's own offset (a fork of a
 * fork). 0 for a run that is no fork, or whose chain is unknown; a chain that loops stops where it repeats.
 */
export function roundOffsetOf(branches: readonly BranchLink[], runId: string | null): number {
  if (runId === null) return 0;
  const byRun = new Map(branches.map((branch) => [branch.runId, branch]));
  const seen = new Set<string>();
  let offset = 0;
  let current: BranchLink | undefined = byRun.get(runId);
  while (current !== undefined && current.parentRunId !== null && !seen.has(current.runId)) {
    seen.add(current.runId);
    const forkRound = cleanForkRound(current.forkRound);
    if (forkRound === null) break;
    offset = Math.min(MAX_OFFSET, offset + forkRound - 1);
    current = byRun.get(current.parentRunId);
  }
  return offset;
}

/** What a fork took over from its parent: the rounds shown before its own, and whose they are. */
export interface InheritedRounds {
  /** Rounds 1…`count` are the parent's (in the parent's own numbering). */
  count: number;
  parentRunId: string;
  parentName: string;
}

/** The rounds `runId` inherited and from which branch; null for a run that inherited none. */
export function inheritedRoundsOf(branches: readonly BranchInfo[], runId: string | null): InheritedRounds | null {
  const count = roundOffsetOf(branches, runId);
  const shown = branches.find((branch) => branch.runId === runId);
  if (count === 0 || shown?.parentRunId == null) return null;
  const parentName = branches.find((branch) => branch.runId === shown.parentRunId)?.name ?? 'the parent run';
  return { count, parentRunId: shown.parentRunId, parentName };
}
