// Which rounds of a run an expectation judges (its `round` target). Pure.
import type { Transcript, TranscriptRound } from '../engine/transcript/transcript';
import type { RoundTarget } from './test-suite';

/** The rounds a target picks: all of them for `any`, else the one round (`round` its number, from 1). */
export type RoundSelection =
  { found: true; rounds: TranscriptRound[]; round?: number; label: string } | { found: false; why: string };

/** What a target says, for reports and failure details ("in round 2", "in the round that first calls search"). */
export function describeRoundTarget(target: RoundTarget | undefined): string {
  switch (target?.kind) {
    case undefined:
    case 'any':
      return 'in any round';
    case 'number':
      return `in round ${target.round}`;
    case 'last':
      return 'in the last round';
    case 'first-call':
      return `in the round that first calls ${target.tool}`;
  }
}

/** The rounds of `transcript` that `target` picks, or why there is none (a run shorter than round N). */
export function selectRounds(transcript: Transcript, target: RoundTarget | undefined): RoundSelection {
  const { rounds } = transcript;
  const one = (round: TranscriptRound | undefined, why: string): RoundSelection =>
    round === undefined
      ? { found: false, why }
      : { found: true, rounds: [round], round: round.round, label: `round ${round.round}` };
  switch (target?.kind) {
    case undefined:
    case 'any':
      return { found: true, rounds, label: 'the run' };
    case 'number':
      return one(
        rounds.find((round) => round.round === target.round),
        `the run has no round ${target.round} (it took ${rounds.length})`,
      );
    case 'last':
      return one(rounds.at(-1), 'the run has no round');
    case 'first-call':
      return one(
        rounds.find((round) => round.toolCalls.some((call) => call.name === target.tool)),
        `${target.tool} was never called`,
      );
  }
}
