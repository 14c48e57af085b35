// What set a compaction off; its own file so the debugger's pause types and the run events both name it
// without importing each other.

/** `threshold`: the estimated request passed the set share of the context window; `every-rounds`: every N. */
export type CompactionTrigger = 'threshold' | 'every-rounds';
