// The branches a session remembers (extensions.branches): read defensively, merged, grouped by family. Pure.
import type { BranchInfo } from '../../protocol/debug-messages';
import type { SessionRecord } from './session-record';
import { findChainRoot } from '../../shared/find-chain-root';

/** The key of `SessionRecord.extensions` that holds the session's branches. */
export const BRANCHES_KEY = 'branches';

const isBranch = (value: unknown): value is BranchInfo => {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.runId === 'string' &&
    typeof info.name === 'string' &&
    (info.parentRunId === null || typeof info.parentRunId === 'string') &&
    (info.forkRound === null || typeof info.forkRound === 'number')
  );
};

/** Every well-formed stored branch (a malformed entry is skipped, not fatal). */
function storedBranches(record: SessionRecord): BranchInfo[] {
  const stored = record.extensions[BRANCHES_KEY];
  return Array.isArray(stored) ? stored.filter(isBranch) : [];
}

/** The stored branches whose run the session has (a fork's run joins it at its `run-start`). */
export function readBranches(record: SessionRecord): BranchInfo[] {
  const runs = new Set(record.runs.map((run) => run.runId));
  return storedBranches(record).filter((info) => runs.has(info.runId));
}

/** Stores `changed` into the record: entries of the same run are replaced, new ones appended. */
export function writeBranches(record: SessionRecord, changed: readonly BranchInfo[]): void {
  const byRun = new Map(storedBranches(record).map((info) => [info.runId, info]));
  for (const info of changed) byRun.set(info.runId, { ...info });
  record.extensions = { ...record.extensions, [BRANCHES_KEY]: [...byRun.values()] };
}

/** The branches of `runId`'s family (its root and every run forked from it, transitively); empty if it has none. */
export function familyOf(branches: readonly BranchInfo[], runId: string): BranchInfo[] {
  const byRun = new Map(branches.map((info) => [info.runId, info]));
  // Stored branches may loop (A's parent B, B's parent A); every member of a loop names the same root.
  const rootOf = (start: string): string => findChainRoot(start, (id) => byRun.get(id)?.parentRunId);
  if (!byRun.has(runId)) return [];
  const root = rootOf(runId);
  return branches.filter((info) => rootOf(info.runId) === root);
}

/** The branches with their runs renamed by `ids` (a duplicated session); entries of unknown runs are dropped. */
export function remapBranches(branches: readonly BranchInfo[], ids: ReadonlyMap<string, string>): BranchInfo[] {
  return branches.flatMap((info) => {
    const runId = ids.get(info.runId);
    if (runId === undefined) return [];
    const parentRunId = info.parentRunId === null ? null : (ids.get(info.parentRunId) ?? null);
    return [{ ...info, runId, parentRunId }];
  });
}
