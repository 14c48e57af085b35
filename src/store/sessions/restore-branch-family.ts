// After a reload or an import: the shown run's branches go back to the worker and the branch switcher.
import type { RunEvent } from '../../engine/event/run-event';
import type { BranchInfo } from '../../protocol/debug-messages';
import type { RunView } from '../run-view';
import { foldInParts } from './load-in-parts';
import { familyOf } from './session-branches';

export interface BranchFamilyRestore {
  /** Every branch the session remembers. */
  branches: readonly BranchInfo[];
  /** The run the timeline shows, already restored; its view is `shownView`. */
  shownView: RunView;
  /** Makes sure the worker knows the run; resolves with its events (a closing `run-end` included). */
  loadRun: (runId: string) => Promise<RunEvent[]>;
  /** Hands the family and its views to the debugger (switcher and worker). */
  restore: (family: BranchInfo[], views: Record<string, RunView>) => Promise<void>;
}

/** Restores the family of the shown run, if it has one; a branch whose run cannot be read is left out. */
export async function restoreBranchFamily(options: BranchFamilyRestore): Promise<void> {
  const shown = options.shownView.runId;
  if (shown === null) return;
  const family = familyOf(options.branches, shown);
  if (family.length === 0) return;
  const views: Record<string, RunView> = { [shown]: options.shownView };
  const kept: BranchInfo[] = [];
  for (const info of family) {
    if (info.runId !== shown) {
      const events = await options.loadRun(info.runId).catch(() => [] as RunEvent[]);
      if (events.length === 0) continue;
      views[info.runId] = await foldInParts(events);
    }
    kept.push(info);
  }
  if (kept.length > 1) await options.restore(kept, views);
}
