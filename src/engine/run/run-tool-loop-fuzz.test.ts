// The randomized engine fuzz at test size: 2,000 seeded sequences (LOUPE_FUZZ_RUNS / LOUPE_FUZZ_SEED change
// it; `npm run fuzz` runs 100,000). A failing seed is printed and belongs in the regression list below.
import { describe, expect, it } from 'vitest';
import { runFuzzSequence } from '../testing/fuzz-run';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const runs = Number(process.env['LOUPE_FUZZ_RUNS'] ?? 2_000);
const firstSeed = Number(process.env['LOUPE_FUZZ_SEED'] ?? 20_261_130);

/** Seeds that once failed: each stays a regression test. */
const REGRESSION_SEEDS: number[] = [
  // A fallback brief whose reply reused a tool_use id of the history (fixed in collect-model-response.ts).
  20_261_278,
  // A reply reusing a tool_use id that a compaction had left out of what was sent (the full history's ids
  // stay taken: run/sent-history.ts), in a round and in the final answer at a limit (finish-at-limit.ts).
  20_264_621, 20_266_483, 20_268_814, 20_281_888,
];

describe('engine fuzz', () => {
  it.each(REGRESSION_SEEDS)('regression seed %i', async (seed) => {
    const outcome = await runFuzzSequence(seed, settle);
    expect(outcome.problems, outcome.steps.join('\n')).toEqual([]);
  });

  it(`${runs} seeded sequences from seed ${firstSeed} keep every history valid`, async () => {
    console.info(`engine fuzz: ${runs} sequences from seed ${firstSeed}`);
    let compactions = 0;
    let attempts = 0;
    for (let seed = firstSeed; seed < firstSeed + runs; seed += 1) {
      const outcome = await runFuzzSequence(seed, settle);
      compactions += outcome.compactions;
      attempts += outcome.compactionAttempts;
      if (outcome.problems.length > 0) {
        console.info(`engine fuzz: seed ${seed} failed:\n${outcome.steps.join('\n')}`);
        expect(outcome.problems, `seed ${seed}`).toEqual([]);
      }
    }
    console.info(`engine fuzz: ${attempts} compactions tried, ${compactions} made`);
    // The sequences must reach compaction for its invariant to have been checked.
    if (runs >= 200) expect([attempts > 0, compactions > 0]).toEqual([true, true]);
  }, 600_000);
});
