// Test helper: drains a run. Pure: no I/O.
import type { RunEvent } from '../event/run-event';
import type { RunHandle, RunResult } from '../run/run-options';

/**
 * Reads every event of `handle`, calling `onEvent` for each as it arrives (to cancel, advance a fake
 * clock or settle a tool at a precise moment), then returns the events and the result.
 */
export async function collectRun(
  handle: RunHandle,
  onEvent?: (event: RunEvent) => void,
): Promise<{ events: RunEvent[]; result: RunResult }> {
  const events: RunEvent[] = [];
  for await (const event of handle.events) {
    events.push(event);
    onEvent?.(event);
  }
  return { events, result: await handle.result };
}
