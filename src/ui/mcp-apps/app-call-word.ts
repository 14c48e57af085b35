// Pure: the status word an MCP App's call shows in the timeline, and the line said under a call a reload cut.
import type { AppCallView } from '../../store/run-view';

/** Under a call a reload cut while the run waits for Resume or End here: either choice closes it. */
export const CUT_BY_RELOAD_NOTE = 'Interrupted by a reload — Resume or End here closes it.';

/**
 * The call's status; `held` while the debugger holds it; `interrupted` when it is still open in a run a reload
 * cut (its app's frame went with the page, so it is not running any more: the person's choice closes it).
 */
export function appCallWord(call: AppCallView, heldCallId: string | undefined, cutByReload: boolean): string {
  if (call.status !== 'running') return call.status;
  if (cutByReload) return 'interrupted';
  return heldCallId === call.callId ? 'held' : 'running';
}
