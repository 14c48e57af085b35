// What `npm run bench:engine` measures: the engine and a bare `while` loop over the same lean model and the
// same instant tool, timed in CPU µs per round. `bench-engine.ts` bundles this file as production ships it.
import { isDeepStrictEqual } from 'node:util';
import type { ContentBlock, Message, ToolResultBlock } from '../../src/engine/message/message';
import type { Model, ModelRequest, ModelStreamPart } from '../../src/engine/model/model';
import type { Tool } from '../../src/engine/tool/tool';
import { runToolLoop } from '../../src/engine/run/run-tool-loop';
import { createRunEnvironment } from '../../src/worker/create-run-environment';

/** Tool calls the model asks for in every round but the last. */
export const CALLS_PER_ROUND = 2;
const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Go.' }] };

/** A lean model that also keeps (by reference, not copied) the messages of its last request and their count. */
interface LeanModel extends Model {
  lastRequest(): Message[];
}

/**
 * A lean model: its replies are built once, it never copies the request (the scripted model's
 * `structuredClone` of every request would hide the engine's own cost) and it streams each reply as a
 * provider would, block by block. Calls before `rounds` ask for two tools; the last one answers in text.
 */
export function leanModel(rounds: number): LeanModel {
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
  let last: { messages: Message[]; count: number } = { messages: [], count: 0 };
  return {
    provider: 'bench',
    modelId: 'lean',
    // Nothing to wait for: the parts are ready, so the bench measures the loop and not a transport.
    // eslint-disable-next-line @typescript-eslint/require-await
    async *doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
      // The bare loop sends its one growing array: the count says how much of it this request held.
      last = { messages: request.messages, count: request.messages.length };
      const parts = toolParts[calls] ?? lastParts;
      calls += 1;
      for (const part of parts) {
        if (signal.aborted) throw new DOMException('aborted', 'AbortError');
        yield part;
      }
    },
    lastRequest: () => last.messages.slice(0, last.count),
  };
}

/** An instant tool (no schema work, no I/O). */
export function instantTool(): Tool {
  return {
    name: 'lookup',
    description: 'Looks something up.',
    inputSchema: { type: 'object', properties: {} },
    origin: { kind: 'test' },
    run: () => Promise.resolve({ content: [{ type: 'text', text: 'found' }] }),
  };
}

/**
 * CPU time of this process in µs (user + system). The machine this runs on is shared: wall time measures the
 * neighbours as much as the loop, while CPU time counts only the work done here (the GC's included).
 */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** One measured run: µs per round and the messages of the last request it sent. */
export interface LoopRun {
  perRound: number;
  lastRequest: Message[];
}

/** The engine, events drained as the worker drains them (in batches). */
export async function engineRun(rounds: number): Promise<LoopRun> {
  const model = leanModel(rounds);
  const tool = instantTool();
  const start = cpuNow();
  const handle = runToolLoop({
    model,
    tools: [tool],
    history: [],
    userMessage,
    maxRounds: rounds + 1,
    environment: createRunEnvironment(),
  });
  let count = 0;
  for await (const batch of handle.batches) count += batch.length;
  const result = await handle.result;
  const elapsed = cpuNow() - start;
  if (result.finishReason !== 'end_turn' || result.rounds !== rounds + 1 || count === 0)
    throw new Error(`The engine ended with ${result.finishReason} after ${result.rounds} rounds.`);
  return { perRound: elapsed / (rounds + 1), lastRequest: model.lastRequest() };
}

/** The least a tool loop can do: stream the reply, run its calls, append both, go on. */
export async function bareRun(rounds: number): Promise<LoopRun> {
  const model = leanModel(rounds);
  const tool = instantTool();
  const start = cpuNow();
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
  return { perRound: elapsed / round, lastRequest: model.lastRequest() };
}

/** Whether both loops sent the same messages in their last request (the bench compares like with like). */
export function sameRequests(engine: LoopRun, bare: LoopRun): boolean {
  return isDeepStrictEqual(engine.lastRequest, bare.lastRequest);
}
