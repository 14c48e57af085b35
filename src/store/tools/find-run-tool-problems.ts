// Pure: what the provider would refuse in the tool list a run would send now — the Tools tab's checks, asked at Run.
import type { LoupeState } from '../loupe-state';
import { checkToolLimits, type ToolLimitProblem } from './check-tool-limits';
import { collectToolRows } from './collect-tool-rows';

/** The provider limits the enabled tools of the connected servers and the local tools break (none: []). */
export function findRunToolProblems(
  state: Pick<LoupeState, 'servers' | 'serverStates' | 'toolSelection' | 'settings'>,
): ToolLimitProblem[] {
  const rows = collectToolRows(state.servers, state.serverStates, state.toolSelection).flatMap((group) => group.rows);
  return checkToolLimits(state.settings.provider, rows);
}
