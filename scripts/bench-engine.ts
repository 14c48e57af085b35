// Benchmark (not a test): what the engine costs per round next to a bare `while` loop, and what its
// parallelism and eager start buy. Every ratio is measured side by side in one run. Run: npm run bench:engine
// (`-- --cpu-prof` also writes a CPU profile of the engine at the largest size and prints its top functions;
// `-- --heap-prof` prints what each loop allocates per round there, and the engine's top allocators).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Message } from '../src/engine/message/message';
import type { Model, ModelStreamPart } from '../src/engine/model/model';
import type { RunEvent } from '../src/engine/event/run-event';
import { runToolLoop } from '../src/engine/run/run-tool-loop';
import { createInMemoryTool } from '../src/engine/testing/in-memory-tool';
import { createScriptedModel } from '../src/engine/testing/scripted-model';
import type { LoopPolicies } from '../src/shared/loop-policies';
import { createRunEnvironment } from '../src/worker/create-run-environment';
import type * as EngineLoops from './bench/engine-loops';
import { profileAllocations } from './bench/profile-allocations';
import { profileEngine } from './bench/profile-engine';

const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Go.' }] };

// ---- Engine vs a bare loop -------------------------------------------------------------------------

// Both loops are measured as production ships them: bundled by esbuild without `keepNames`. Run through
// tsx instead, every closure the engine makes would also pay for tsx's `__name` helper (a defineProperty per
// closure, about a tenth of the engine's time), which the bare loop, with few closures, hardly pays.
const outdir = await mkdtemp(join(tmpdir(), 'loupe-bench-engine-'));
await build({
  entryPoints: [new URL('./bench/engine-loops.ts', import.meta.url).pathname],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'es2022',
  outfile: join(outdir, 'engine-loops.mjs'),
  logLevel: 'error',
});
const loops = (await import(pathToFileURL(join(outdir, 'engine-loops.mjs')).href)) as typeof EngineLoops;
await rm(outdir, { recursive: true, force: true });

const median = (values: number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Per round: the median of the runs and the best (on a shared machine the neighbours only ever add time). */
interface Figures {
  median: number;
  best: number;
}

/**
 * Engine and bare loop alternately (so both see the same machine load), `repeats` runs each, which goes first
 * swapped from pair to pair. `paired` is the median of each pair's engine ÷ bare: a neighbour's burst slows
 * both runs of a pair, so it moves this ratio less than the ratio of the two medians.
 */
async function sideBySide(
  rounds: number,
  repeats: number,
): Promise<{ engine: Figures; bare: Figures; paired: number }> {
  const engine: number[] = [];
  const bare: number[] = [];
  const ratios: number[] = [];
  for (let index = 0; index < repeats; index += 1) {
    const engineFirst = index % 2 === 0;
    const first = engineFirst ? await loops.engineRun(rounds) : await loops.bareRun(rounds);
    const second = engineFirst ? await loops.bareRun(rounds) : await loops.engineRun(rounds);
    const [engineRun, bareRun] = engineFirst ? [first, second] : [second, first];
    engine.push(engineRun.perRound);
    bare.push(bareRun.perRound);
    ratios.push(engineRun.perRound / bareRun.perRound);
  }
  return {
    engine: { median: median(engine), best: Math.min(...engine) },
    bare: { median: median(bare), best: Math.min(...bare) },
    paired: median(ratios),
  };
}

// Warm both up and check they are compared like with like: the same messages in the last request. The engine
// has far more code for the JIT to compile than the bare loop, and was still getting faster after 20 runs
// (about 370 → 60 µs a round; the compiler's threads count in the process's CPU time): BENCH_WARMUP runs of
// 200 rounds each (default 40), so the figures are of both loops compiled, not of the compiler.
const warmUps = Number(process.env.BENCH_WARMUP ?? 40);
for (let index = 0; index < warmUps; index += 1) {
  const [engine, bare] = [await loops.engineRun(200), await loops.bareRun(200)];
  if (!loops.sameRequests(engine, bare)) throw new Error('The engine and the bare loop sent different messages.');
}

const format = (value: number): string => value.toFixed(1).padStart(8);
const ratio = (engine: number, bare: number): string => `${(engine / bare).toFixed(1).padStart(5)}×`;
const repeatsOf = (rounds: number): number => (rounds >= 2000 ? 9 : rounds >= 800 ? 11 : rounds >= 200 ? 15 : 31);
console.info(
  `Engine vs a bare while loop: lean model, instant tools, ${loops.CALLS_PER_ROUND} calls per round, the same request messages.`,
);
console.info(
  'CPU µs per round, the two loops alternating: the median of the runs, the best run, and the median of the',
);
console.info("pairs' engine ÷ bare (paired: steadier than the other two ratios when the machine is shared).");
console.info('  rounds    engine      bare   ratio  |  best: engine      bare   ratio  |  paired');
const perRound = new Map<number, Figures>();
for (const rounds of (process.env.BENCH_ROUNDS ?? '50,200,800,2000').split(',').map(Number)) {
  const { engine, bare, paired } = await sideBySide(rounds, repeatsOf(rounds));
  perRound.set(rounds, engine);
  console.info(
    `  ${String(rounds).padStart(6)}  ${format(engine.median)}  ${format(bare.median)}  ${ratio(engine.median, bare.median)}  |  ${format(engine.best)}  ${format(bare.best)}  ${ratio(engine.best, bare.best)}  |  ${ratio(paired, 1)}`,
  );
}
const sizes = [...perRound.keys()];
const [smallest, largest] = [perRound.get(sizes[0] ?? 0), perRound.get(sizes.at(-1) ?? 0)];
if (smallest !== undefined && largest !== undefined && sizes.length > 1)
  console.info(
    `  flat: the engine per round at ${sizes.at(-1)} vs ${sizes[0]} rounds: ${(largest.median / smallest.median).toFixed(2)}× (median), ${(largest.best / smallest.best).toFixed(2)}× (best)`,
  );

// `--cpu-prof`: where the engine's time goes at the largest size (the bundled build, as measured above).
if (process.argv.includes('--cpu-prof')) {
  const rounds = sizes.at(-1) ?? 2000;
  await profileEngine(() => loops.engineRun(rounds), 5, join(tmpdir(), `loupe-engine-${rounds}-rounds.cpuprofile`));
}

// `--heap-prof`: bytes allocated per round by each loop at the largest size, and who allocates the engine's.
if (process.argv.includes('--heap-prof')) {
  const rounds = sizes.at(-1) ?? 2000;
  const engine = await profileAllocations(() => loops.engineRun(rounds), 3, rounds);
  const bare = await profileAllocations(() => loops.bareRun(rounds), 3, rounds);
  const kb = (bytes: number): string => (bytes / 1024).toFixed(1).padStart(6);
  console.info(
    `Allocated per round at ${rounds} rounds (sampled, garbage included): engine ${kb(engine.perRound)} KB, bare ${kb(bare.perRound)} KB.`,
  );
  console.info("The engine's top allocators, KB per round:");
  for (const [name, bytes] of engine.top) console.info(`  ${kb(bytes)}  ${name}`);
}

// ---- Parallelism and eager start, on the real clock ----------------------------------------------------

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function drain(model: Model, policies: Partial<LoopPolicies>, tools = [slowTool()]): Promise<RunEvent[]> {
  const handle = runToolLoop({ model, tools, history: [], userMessage, environment: createRunEnvironment(), policies });
  const events: RunEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return events;
}

function slowTool() {
  return createInMemoryTool({
    name: 'fetch',
    annotations: { readOnlyHint: true },
    run: async () => {
      await sleep(100);
      return 'ok';
    },
  });
}

/** Wall time of the tool phase of round 1: from the reply's end to the results' commit. */
async function roundOfEight(maxConcurrency: number): Promise<number> {
  const calls = Array.from({ length: 8 }, (_, index) => ({
    type: 'tool_use' as const,
    id: `c${index}`,
    name: 'fetch',
    input: { n: index },
  }));
  const model = createScriptedModel([{ content: calls }, { content: [{ type: 'text', text: 'Done.' }] }]);
  const events = await drain(model, { maxConcurrency, eagerStart: false });
  const replied = events.find((event) => event.type === 'response-end' && event.round === 1);
  const committed = events.find((event) => event.type === 'tool-results-commit' && event.round === 1);
  return (committed && 'at' in committed ? committed.at : 0) - (replied && 'at' in replied ? replied.at : 0);
}

/** A model whose tool block ends, then keeps streaming text for 300 ms before the reply ends. */
function slowTailModel(marks: { blockEnd?: number }): Model {
  let calls = 0;
  return {
    provider: 'bench',
    modelId: 'slow-tail',
    async *doStream(): AsyncGenerator<ModelStreamPart> {
      calls += 1;
      yield { type: 'response-start' };
      if (calls > 1) {
        yield { type: 'text-start', index: 0 };
        yield { type: 'text-delta', index: 0, text: 'Done.' };
        yield { type: 'block-end', index: 0 };
        yield { type: 'response-end', stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 1 } };
        return;
      }
      yield { type: 'tool-use-start', index: 0, id: 'c1', name: 'fetch' };
      yield { type: 'tool-input-delta', index: 0, partialJson: '{"q": 1}' };
      marks.blockEnd = Date.now();
      yield { type: 'block-end', index: 0 };
      yield { type: 'text-start', index: 1 };
      for (let piece = 0; piece < 6; piece += 1) {
        await sleep(50);
        yield { type: 'text-delta', index: 1, text: 'more words ' };
      }
      yield { type: 'block-end', index: 1 };
      yield { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } };
    },
  };
}

async function blockEndToStart(eagerStart: boolean): Promise<number> {
  const marks: { blockEnd?: number } = {};
  const events = await drain(slowTailModel(marks), { eagerStart });
  const start = events.find((event) => event.type === 'tool-call-start');
  return (start && 'at' in start ? start.at : 0) - (marks.blockEnd ?? 0);
}

const parallel = await roundOfEight(8);
const sequential = await roundOfEight(1);
const eager = await blockEndToStart(true);
const lazy = await blockEndToStart(false);
console.info('Round with 8 calls of 100 ms (tool phase, reply end → results committed):');
console.info(`  parallel (cap 8):    ${parallel} ms`);
console.info(`  one by one (cap 1):  ${sequential} ms`);
console.info('Tool block end in the stream → tool start (the reply streams 300 ms more):');
console.info(`  eager start on:      ${eager} ms`);
console.info(`  eager start off:     ${lazy} ms`);
