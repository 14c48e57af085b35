// Pure: the immutable updates the run-view folds share — one round, one tool call — creating what is missing.
// A round is found by index (rounds are kept sorted and numbered from 1, so round N is almost always at
// N - 1), and inside one batch fold (`withBatchedRounds`) the rounds array is copied once, not per event.
import type { RoundView, RunView, ToolCallView } from './run-view';

function emptyRound(round: number): RoundView {
  return { round, blocks: [], interrupted: false, toolCalls: [] };
}

/**
 * Rounds arrays created inside the current batch fold: no one outside the fold holds them yet, so the
 * fold may write into them instead of copying all rounds for every event. Null outside a batch.
 */
let ownedByBatch: WeakSet<readonly RoundView[]> | null = null;

/**
 * Runs `fold` (a fold of many events) letting `updateRound` copy the rounds array once for the whole
 * fold. The inputs are still never changed: only arrays created during `fold` are written to.
 */
export function withBatchedRounds<T>(fold: () => T): T {
  const outer = ownedByBatch;
  ownedByBatch = new WeakSet();
  try {
    return fold();
  } finally {
    ownedByBatch = outer;
  }
}

/** A copy of `rounds` the current batch may write to (or `rounds` itself when the batch made it). */
function writable(rounds: readonly RoundView[]): RoundView[] {
  if (ownedByBatch?.has(rounds)) return rounds as RoundView[];
  const copy = rounds.slice();
  ownedByBatch?.add(copy);
  return copy;
}

/** Where round `round` is in `rounds` (sorted by round): -1 when it is not there. */
export function findRoundIndex(rounds: readonly RoundView[], round: number): number {
  const guess = round - 1;
  if (rounds[guess]?.round === round) return guess;
  let low = 0;
  let high = rounds.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = rounds[middle]!.round;
    if (found === round) return middle;
    if (found < round) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Replaces round `round` (creating it when events arrive out of order) with `update(round)`. */
export function updateRound(state: RunView, round: number, update: (view: RoundView) => RoundView): RunView {
  const index = findRoundIndex(state.rounds, round);
  const existing = state.rounds[index];
  const rounds = writable(state.rounds);
  if (existing === undefined) {
    const last = rounds.at(-1);
    rounds.push(update(emptyRound(round)));
    if (last !== undefined && last.round > round) rounds.sort((a, b) => a.round - b.round);
    return { ...state, rounds };
  }
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
