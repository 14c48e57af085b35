// `npm run fuzz`: the randomized engine fuzz at full size (100,000 sequences unless LOUPE_FUZZ_RUNS says
// otherwise), from LOUPE_FUZZ_SEED (default: a fixed seed). Prints the seed range, progress, the finish
// reasons seen and every failing seed with its steps; exits 1 when any failed.
import { runFuzzSequence } from '../src/engine/testing/fuzz-run';

const runs = Number(process.env['LOUPE_FUZZ_RUNS'] ?? 100_000);
const firstSeed = Number(process.env['LOUPE_FUZZ_SEED'] ?? 20_261_130);
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

console.info(`engine fuzz: ${runs} sequences, seeds ${firstSeed}…${firstSeed + runs - 1}`);
const started = performance.now();
const failed: number[] = [];
const tally = new Map<string, number>();
for (let seed = firstSeed; seed < firstSeed + runs; seed += 1) {
  const outcome = await runFuzzSequence(seed, settle);
  for (const step of outcome.steps) {
    const key = step.replace(/\d+/g, 'N').replace(/ \(.*\)$/, '');
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  if (outcome.problems.length > 0) {
    failed.push(seed);
    console.info(`seed ${seed} FAILED:\n  ${outcome.problems.join('\n  ')}\n steps:\n  ${outcome.steps.join('\n  ')}`);
  }
  const done = seed - firstSeed + 1;
  if (done % 10_000 === 0) console.info(`  ${done} sequences, ${failed.length} failed`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.info(
  `engine fuzz: ${runs} sequences in ${seconds} s, ${failed.length} failed${failed.length > 0 ? `: ${failed.join(', ')}` : ''}`,
);
console.info('what the sequences did (step kind: count):');
for (const [key, count] of [...tally.entries()].sort((left, right) => right[1] - left[1]))
  console.info(`  ${key}: ${count}`);
process.exitCode = failed.length > 0 ? 1 : 0;
