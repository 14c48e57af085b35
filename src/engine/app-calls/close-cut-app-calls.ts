// Pure: closes the MCP App calls a reload cut off (held at a pause or running), since the app's frame that
// waited for them is gone and nothing can answer or resume them. No I/O, no clock.
import type { RunEvent } from '../event/run-event';
import type { ToolResultStatus } from '../tool/tool';

/** Result text of an app's call held before it ran when the page went away. */
export const APP_CALL_RELOAD_NOT_RUN_TEXT =
  'Interrupted by a reload: the page was reloaded while this call was held before it ran. The app that made it is gone, so it was not run.';
/** Result text of an app's call that was running (or whose result was held) when the page went away. */
export const APP_CALL_RELOAD_CUT_TEXT =
  'Interrupted by a reload: the page was reloaded while this call was running or its result was held. The app that made it is gone and never got an answer; the call may have taken effect.';

/**
 * The events that close every app call of `events` with an `app-call-start` and no `app-call-end`: its open
 * pause ends (`stop`), then the call ends — `not-executed` when it was held at its before-tool point, else
 * `cancelled` — with a text saying a reload interrupted it. `at` stamps them. Empty when nothing is open.
 */
export function closeCutAppCalls(events: readonly RunEvent[], at: number): RunEvent[] {
  const open = new Map<string, Extract<RunEvent, { type: 'app-call-start' }>>();
  const pauses = new Map<string, Extract<RunEvent, { type: 'pause-start' }>>();
  for (const event of events) {
    if (event.type === 'app-call-start') open.set(event.callId, event);
    else if (event.type === 'app-call-end') open.delete(event.callId);
    else if (event.type === 'pause-start' && event.pause.appOf !== undefined) pauses.set(event.pauseId, event);
    else if (event.type === 'pause-end') pauses.delete(event.pauseId);
  }
  const closing: RunEvent[] = [];
  for (const start of open.values()) {
    const { round, callId, appOf } = start;
    const held = [...pauses.values()].find((pause) => pause.pause.callId === callId);
    if (held !== undefined)
      closing.push({ type: 'pause-end', at, pauseId: held.pauseId, round: held.round, decision: 'stop' });
    const notRun = held?.pause.kind === 'before-tool';
    const status: ToolResultStatus = notRun ? 'not-executed' : 'cancelled';
    const text = notRun ? APP_CALL_RELOAD_NOT_RUN_TEXT : APP_CALL_RELOAD_CUT_TEXT;
    closing.push({
      type: 'app-call-end',
      at,
      round,
      callId,
      appOf,
      status,
      isError: true,
      content: [{ type: 'text', text }],
      timing: { queuedAt: start.at, endedAt: Math.max(at, start.at) },
    });
  }
  return closing;
}
