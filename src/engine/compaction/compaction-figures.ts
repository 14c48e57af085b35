// What set a compaction off and the figures every record of one carries (the plan at a pause, the outcome,
// the `history-compact` event); its own file so the debugger's pause types and the run events both name them
// without importing each other.
import type { Usage } from '../model/model';

/** `threshold`: the estimated request passed the set share of the context window; `every-rounds`: every N. */
export type CompactionTrigger = 'threshold' | 'every-rounds';

/** A compaction's figures: estimated tokens before and after, what it changed, and its summary if any. */
export interface CompactionFigures {
  tokensBefore: number;
  tokensAfter: number;
  /** Tool results shortened to a marker. */
  trimmedResults: number;
  /** Messages replaced by the summary (0 when nothing was summarised). */
  summarisedMessages: number;
  summary?: string;
  /** The summariser's call, when there was one (counted in the run's usage). */
  usage?: Usage;
}
