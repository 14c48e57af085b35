// Plain words for where a stored run stopped: the last checkpoint its log reached.
import type { RunEvent } from '../../engine/event/run-event';

/** "Interrupted in round 2, after the model's reply (tool calls were running)." and the like. */
export function describeInterruption(events: readonly RunEvent[]): string {
  const last = events.at(-1);
  if (last === undefined) return 'Interrupted before the run started.';
  const round = [...events].reverse().find((event) => 'round' in event && typeof event.round === 'number');
  const where = round && 'round' in round ? `in round ${round.round}` : 'before round 1';
  switch (last.type) {
    case 'run-start':
      return 'Interrupted before the first model request.';
    case 'round-start':
    case 'request-sent':
      return `Interrupted ${where}, while the model was answering.`;
    case 'response-end':
      return `Interrupted ${where}, after the model's reply, while its tool calls were running.`;
    case 'tool-call-end':
      return `Interrupted ${where}, while tool calls were running (some had finished).`;
    case 'tool-results-commit':
    case 'round-end':
      return `Interrupted ${where}, after the tool results, before the next model request.`;
    case 'pause-start':
      return `Interrupted while paused ${where} (step mode).`;
    default:
      return `Interrupted ${where}.`;
  }
}
