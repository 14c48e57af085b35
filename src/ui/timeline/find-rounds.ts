// Pure: which rounds of a run match a search or went wrong — so any round can be reached in a long run
// without mounting the rest.
import type { RoundView, ToolCallView } from '../../store/run-view';

/** Characters of one round searched at most (a huge tool result does not make every keystroke slow). */
const SEARCHED_CHARS_PER_ROUND = 200_000;

function callText(call: ToolCallView): string {
  const parts: string[] = [call.name, call.status];
  if (call.input !== undefined) parts.push(JSON.stringify(call.input));
  else if (call.partialJson !== '') parts.push(call.partialJson);
  for (const block of call.content) if (block.type === 'text') parts.push(block.text);
  return parts.join('\n');
}

/** The text of a round a search looks at: reply text and thinking, tool names, inputs, results, notices. */
export function roundText(round: RoundView, offset = 0): string {
  const parts: string[] = [`Round ${round.round + offset}`];
  for (const block of round.blocks) {
    if (block.kind === 'text' || block.kind === 'thinking') parts.push(block.text);
    else if (block.kind === 'tool_use') parts.push(block.name);
  }
  for (const call of round.toolCalls) parts.push(callText(call));
  for (const notice of round.notices ?? []) parts.push(notice);
  return parts.join('\n').slice(0, SEARCHED_CHARS_PER_ROUND);
}

/**
 * Indexes (into `rounds`) of the rounds whose text contains `query`, ignoring case; none for a blank query.
 * `offset`: rounds a fork inherited, so "Round 6" finds the round shown as round 6.
 */
export function searchRounds(rounds: readonly RoundView[], query: string, offset = 0): number[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  const found: number[] = [];
  rounds.forEach((round, index) => {
    if (roundText(round, offset).toLocaleLowerCase().includes(needle)) found.push(index);
  });
  return found;
}

/** Call outcomes that are failures (a call cancelled, denied or not run by the person or a budget is not). */
const FAILED = new Set<ToolCallView['status']>(['tool-error', 'invalid-input', 'not-found', 'timeout']);

/** True when something in the round went wrong: a failed call, or a reply the run ended on with an error. */
export function roundHasError(round: RoundView): boolean {
  return round.endedWith === 'error' || round.toolCalls.some((call) => FAILED.has(call.status));
}

/** Index of the first round with an error, or -1. */
export function firstErrorRound(rounds: readonly RoundView[]): number {
  return rounds.findIndex(roundHasError);
}

/** The index of round number `round` (rounds are numbered from 1, sorted), or -1 when the run has no such round. */
export function indexOfRound(rounds: readonly RoundView[], round: number): number {
  if (!Number.isInteger(round)) return -1;
  const guess = round - 1;
  if (rounds[guess]?.round === round) return guess;
  return rounds.findIndex((view) => view.round === round);
}
