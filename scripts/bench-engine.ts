// Benchmark (not a test): what the engine costs per round next to a bare `while` loop, and what its
// parallelism and eager start buy. Every ratio is measured side by side in one run. Run: npm run bench:engine
import type { ContentBlock, Message, ToolResultBlock } from '../src/engine/message/message';
import type { Model, ModelRequest, ModelStreamPart } from '../src/engine/model/model';
import type { RunEvent } from '../src/engine/event/run-event';
import type { Tool } from '../src/engine/tool/tool';
import { runToolLoop } from '../src/engine/run/run-tool-loop';
import { createInMemoryTool } from '../src/engine/testing/in-memory-tool';
import { createScriptedModel } from '../src/engine/testing/scripted-model';
import type { LoopPolicies } from '../src/shared/loop-policies';
import { createRunEnvironment } from '../src/worker/create-run-environment';

const CALLS_PER_ROUND = 2;
const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Go.' }] };

// ---- Engine vs a bare loop -------------------------------------------------------------------------

/**
 * A lean model: its replies are built once, it never copies the request (the scripted model's
 * `structuredClone` of every request would hide the engine's own cost) and it streams each reply as a
 * provider would, block by block. Calls before `rounds` ask for two tools; the last one answers in text.
 */
function leanModel(rounds: number): Model {
  const toolParts: ModelStreamPart[][] = Array.from({ length: rounds }, (_, round) => [
    { type: 'response-start', id: `msg_${round}` },
    { type: 'text-start', index: 0 },
    { type: 'text-delta', index: 0, text: 'Looking it up.' },
    { type: 'block-end', index: 0 },
    ...Array.from({ length: CALLS_PER_ROUND }, (_, call): ModelStreamPart[] => [
      { type: 'tool-use-start', index: call + 1, id: `call_${round}_${call}`, name: 'lookup' },
      // Distinct arguments, so neither the loop guard nor the duplicate policy steps in.
      { type: 'tool-input-delta', index: call + 1, partialJson: `{"round": ${round}, ` },
      { type: 'tool-input-delta', index: call + 1, partialJson: `"call": ${call}}` },
      { type: 'block-end', index: call + 1 },
    ]).flat(),
    { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 10, outputTokens: 5 } },
  ]);
  const lastParts: ModelStreamPart[] = [
    { type: 'response-start', id: 'msg_last' },
    { type: 'text-start', index: 0 },
    { type: 'text-delta', index: 0, text: 'Done.' },
    { type: 'block-end', index: 0 },
    { type: 'response-end', stopReason: 'end_turn', usage: { inputTokens: 10, outputTokens: 5 } },
  ];
  let calls = 0;
  return {
    provider: 'bench',
    modelId: 'lean',
    // Nothing to wait for: the parts are ready, so the bench measures the loop and not a transport.
    // eslint-disable-next-line @typescript-eslint/require-await
    async *doStream(_request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
      const parts = toolParts[calls] ?? lastParts;
      calls += 1;
      for (const part of parts) {
        if (signal.aborted) throw new DOMException('aborted', 'AbortError');
        yield part;
      }
    },
  };
}

/**
 * CPU time of this process in µs (user + system). The machine this runs on is shared: wall time measures the
 * neighbours as much as the loop, while CPU time counts only the work done here (the GC's included).
 */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** An instant tool (no schema work, no I/O). */
function instantTool(): Tool {
  return {
    name: 'lookup',
    description: 'Looks something up.',
    inputSchema: { type: 'object', properties: {} },
    origin: { kind: 'test' },
    run: () => Promise.resolve({ content: [{ type: 'text', text: 'found' }] }),
  };
}

/** The engine, events drained as the worker drains them. Returns µs per round. */
async function engineRun(rounds: number): Promise<number> {
  const start = cpuNow();
  const handle = runToolLoop({
    model: leanModel(rounds),
    tools: [instantTool()],
    history: [],
    userMessage,
    maxRounds: rounds + 1,
    environment: createRunEnvironment(),
  });
  let count = 0;
  for await (const _event of handle.events) count += 1;
  const result = await handle.result;
  const elapsed = cpuNow() - start;
  if (result.finishReason !== 'end_turn' || result.rounds !== rounds + 1 || count === 0)
    throw new Error(`The engine ended with ${result.finishReason} after ${result.rounds} rounds.`);
  return elapsed / (rounds + 1);
}

/** The least a tool loop can do: stream the reply, run its calls, append both, go on. Returns µs per round. */
async function bareRun(rounds: number): Promise<number> {
  const start = cpuNow();
  const model = leanModel(rounds);
  const tool = instantTool();
  const signal = new AbortController().signal;
  const history: Message[] = [userMessage];
  let round = 0;
  for (;;) {
    round += 1;
    const content: ContentBlock[] = [];
    const json = new Map<number, string>();
    for await (const part of model.doStream({ messages: history, tools: [], maxTokens: 4096 }, signal)) {
      if (part.type === 'text-start') content[part.index] = { type: 'text', text: '' };
      else if (part.type === 'text-delta') {
        const block = content[part.index];
        if (block?.type === 'text') block.text += part.text;
      } else if (part.type === 'tool-use-start') {
        content[part.index] = { type: 'tool_use', id: part.id, name: part.name, input: {} };
        json.set(part.index, '');
      } else if (part.type === 'tool-input-delta')
        json.set(part.index, (json.get(part.index) ?? '') + part.partialJson);
      else if (part.type === 'block-end') {
        const block = content[part.index];
        if (block?.type === 'tool_use')
          block.input = JSON.parse(json.get(part.index) ?? '{}') as Record<string, unknown>;
      }
    }
    history.push({ role: 'assistant', content });
    const calls = content.filter((block) => block.type === 'tool_use');
    if (calls.length === 0) break;
    const results = await Promise.all(
      calls.map(async (call): Promise<ToolResultBlock> => {
        const output = await tool.run(call.input, { signal, onProgress: () => undefined, log: () => undefined });
        return { type: 'tool_result', tool_use_id: call.id, content: output.content };
      }),
    );
    history.push({ role: 'user', content: results });
  }
  const elapsed = cpuNow() - start;
  if (round !== rounds + 1) throw new Error(`The bare loop took ${round} rounds.`);
  return elapsed / round;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Engine and bare loop alternately (so both see the same machine load); medians of `repeats`. */
async function sideBySide(rounds: number, repeats: number): Promise<{ engine: number; bare: number }> {
  await engineRun(Math.min(rounds, 50));
  await bareRun(Math.min(rounds, 50));
  const engine: number[] = [];
  const bare: number[] = [];
  for (let index = 0; index < repeats; index += 1) {
    engine.push(await engineRun(rounds));
    bare.push(await bareRun(rounds));
  }
  return { engine: median(engine), bare: median(bare) };
}

const format = (value: number): string => value.toFixed(1).padStart(8);

console.info(
  `Engine vs a bare while loop: lean model, instant tools, ${CALLS_PER_ROUND} calls per round (µs per round, median).`,
);
console.info('  rounds    engine      bare   ratio');
for (const [rounds, repeats] of [
  [200, 7],
  [2000, 3],
] as const) {
  const { engine, bare } = await sideBySide(rounds, repeats);
  console.info(
    `  ${String(rounds).padStart(6)}  ${format(engine)}  ${format(bare)}  ${(engine / bare).toFixed(1).padStart(5)}×`,
  );
}
console.info('Engine per round as the run grows (flat means the cost does not grow with the history):');
const sizes = [50, 800, 2000];
const flat: number[] = [];
for (const rounds of sizes) {
  await engineRun(50);
  const runs: number[] = [];
  for (let index = 0; index < 3; index += 1) runs.push(await engineRun(rounds));
  flat.push(median(runs));
}
console.info(`  ${sizes.map((rounds, index) => `${rounds} rounds: ${flat[index]?.toFixed(1)} µs`).join(' · ')}`);
console.info(`  2,000 vs 50 rounds: ${((flat[2] ?? 0) / (flat[0] ?? 1)).toFixed(2)}×`);

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
