// Benchmark (not a test): is a round at round 1,000 as fast as a round at round 10? One long run of the engine
// with no round limit (max rounds 10, `noRoundLimit` and a token budget, as a long agent run is set up), the CPU
// time of each round taken between its model calls (events reach the consumer in batches, later than they happen); it prints the median round near round 10 and near
// round 1,000 and their ratio (ENGINE-SPEC rule 29: per-round cost must not grow with the run). Not timed against a
// bound: the ratio is for a person to read. Run: npm run bench:long-run (BENCH_REPEATS, default 7).
import type { Message } from '../src/engine/message/message';
import type { Model } from '../src/engine/model/model';
import { runToolLoop } from '../src/engine/run/run-tool-loop';
import { createRunEnvironment } from '../src/worker/create-run-environment';
import { cpuNow, instantTool, leanModel } from './bench/engine-loops';

const LAST_ROUND = 1_020;
/** Rounds measured: ten from round 10, ten from round 1,000. */
const EARLY = { from: 10, to: 19 };
const LATE = { from: 1_000, to: 1_009 };
const repeats = Number(process.env.BENCH_REPEATS ?? 7);
const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Go.' }] };

const median = (values: number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** CPU µs of each round of one run, by round number (round N: from its model call to round N+1's). */
async function roundTimes(): Promise<Map<number, number>> {
  const lean = leanModel(LAST_ROUND);
  const starts = new Map<number, number>();
  const model: Model = {
    ...lean,
    doStream: (request, signal) => {
      starts.set(starts.size + 1, cpuNow());
      return lean.doStream(request, signal);
    },
  };
  const handle = runToolLoop({
    model,
    tools: [instantTool()],
    history: [],
    userMessage,
    maxRounds: 10,
    // Rounds give way to the token budget (15 tokens a reply): it is never reached before the model stops.
    policies: { limits: { noRoundLimit: true, maxTotalTokens: 1_000_000 } },
    environment: createRunEnvironment(),
  });
  for await (const batch of handle.batches) if (batch.length === 0) break;
  const result = await handle.result;
  if (result.finishReason !== 'end_turn' || result.rounds !== LAST_ROUND + 1)
    throw new Error(`The run ended with ${result.finishReason} after ${result.rounds} rounds.`);
  const times = new Map<number, number>();
  for (const [round, start] of starts) {
    const next = starts.get(round + 1);
    if (next !== undefined) times.set(round, next - start);
  }
  return times;
}

const window = (times: Map<number, number>, { from, to }: { from: number; to: number }): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => times.get(from + index) ?? 0);

// Runs first to warm the JIT (BENCH_WARMUP, default 10), so round 10 of the measured runs is not the compiler's.
for (let index = 0; index < Number(process.env.BENCH_WARMUP ?? 10); index += 1) await roundTimes();
const early: number[] = [];
const late: number[] = [];
for (let index = 0; index < repeats; index += 1) {
  const times = await roundTimes();
  early.push(...window(times, EARLY));
  late.push(...window(times, LATE));
}
const [atTen, atThousand] = [median(early), median(late)];
console.info(`One run of ${LAST_ROUND + 1} rounds with no round limit, ${repeats} times (CPU µs per round, median):`);
console.info(`  rounds ${EARLY.from}–${EARLY.to}:     ${atTen.toFixed(1)} µs`);
console.info(`  rounds ${LATE.from}–${LATE.to}: ${atThousand.toFixed(1)} µs`);
console.info(`  ratio round 1,000 ÷ round 10: ${(atThousand / atTen).toFixed(2)}×`);
