// Pure: the immutable updates the run-view folds share — one round, one tool call — creating what is missing.
import type { RoundView, RunView, ToolCallView } from './run-view';

function emptyRound(round: number): RoundView {
  return { round, blocks: [], interrupted: false, toolCalls: [] };
}

/** Replaces round `round` (creating it when events arrive out of order) with `update(round)`. */
export function updateRound(state: RunView, round: number, update: (view: RoundView) => RoundView): RunView {
  const index = state.rounds.findIndex((view) => view.round === round);
  const existing = state.rounds[index];
  if (existing === undefined) {
    const rounds = [...state.rounds, update(emptyRound(round))].sort((a, b) => a.round - b.round);
    return { ...state, rounds };
  }
  const rounds = state.rounds.slice();
  rounds[index] = update(existing);
  return { ...state, rounds };
}

/** Replaces tool call `callId` of `view` with `update(call)`, creating a pending call named `name` if new. */
export function updateCall(
  view: RoundView,
  callId: string,
  name: string,
  update: (call: ToolCallView) => ToolCallView,
): RoundView {
  const index = view.toolCalls.findIndex((call) => call.callId === callId);
  const base: ToolCallView = view.toolCalls[index] ?? {
    callId,
    name,
    status: 'pending',
    partialJson: '',
    isError: false,
    content: [],
  };
  const toolCalls = view.toolCalls.slice();
  if (index === -1) toolCalls.push(update(base));
  else toolCalls[index] = update(base);
  return { ...view, toolCalls };
}
