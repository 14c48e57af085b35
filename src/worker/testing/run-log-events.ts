// Test support: the few run events the run log's tests store and read back (only their types matter there).
import type { RunEvent } from '../../engine/event/run-event';

export const runStart = (runId: string): RunEvent =>
  ({ type: 'run-start', at: 0, runId, tools: [], messages: [], maxRounds: 5 }) as unknown as RunEvent;
export const textDelta = (text: string): RunEvent => ({ type: 'text-delta', round: 1, index: 0, text });
export const roundStart = { type: 'round-start', at: 1, round: 1, request: {} } as unknown as RunEvent;
export const roundEnd = { type: 'round-end', at: 3, round: 1 } as unknown as RunEvent;
export const abortedEnd: RunEvent = {
  type: 'run-end',
  at: 9,
  finishReason: 'aborted',
  usage: { inputTokens: 0, outputTokens: 0 },
};
