// Benchmark (not a test): prints what the loop's parallelism and eager start buy, on the real clock.
// Run: npm run bench:loop
import type { ModelStreamPart } from '../src/engine/model/model';
import type { Model } from '../src/engine/model/model';
import type { RunEvent } from '../src/engine/event/run-event';
import { runToolLoop } from '../src/engine/run/run-tool-loop';
import { createInMemoryTool } from '../src/engine/testing/in-memory-tool';
import { createScriptedModel } from '../src/engine/testing/scripted-model';
import type { LoopPolicies } from '../src/shared/loop-policies';
import { createRunEnvironment } from '../src/worker/create-run-environment';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const userMessage = { role: 'user' as const, content: [{ type: 'text' as const, text: 'Go.' }] };

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
