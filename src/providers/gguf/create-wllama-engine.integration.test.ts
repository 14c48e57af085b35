// The In-browser model over the real wllama engine in Chromium, with the suite's tiny GGUF: streaming, the
// constrained call, Stop, token counts, the template and context length read back; and, with a tiny GGUF that
// carries Qwen2.5's own template, the native track (the template rendered by @huggingface/jinja in the page,
// llama.cpp sampling under the Hermes `<tool_call>` grammar).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelRequest, ModelStreamPart } from '../../engine/model/model';
import { writeTinyGguf, TINY_CHAT_TEMPLATE } from './testing/write-tiny-gguf';
import { bundleInBrowserPageEntry } from '../../../e2e/fixtures/in-browser/bundle-page-entry';
import { startWllamaInChromium } from '../../../e2e/fixtures/in-browser/wllama-in-chromium';

type RunResult = { parts: ModelStreamPart[]; error?: string; contextLength: number; chatTemplate: string | null };
type Run = (input: {
  request: ModelRequest;
  constrainToolCalls: boolean;
  stopAfterPieces?: number;
}) => Promise<RunResult>;
const QWEN = readFileSync(new URL('./chat-template/testing/templates/qwen2.5-instruct.jinja', import.meta.url), 'utf8');
const runtimes: Awaited<ReturnType<typeof startWllamaInChromium>>[] = [];
afterAll(async () => Promise.all(runtimes.map((runtime) => runtime.close())));

/** A page running `gguf`; its `run` drives the In-browser model there. */
async function startPage(gguf: Uint8Array): Promise<Run> {
  const runtime = await startWllamaInChromium(gguf, await bundleInBrowserPageEntry());
  runtimes.push(runtime);
  // As JSON text: a `ModelRequest` is too deep for Playwright's serialisable type.
  return (input) =>
    runtime.page.evaluate((json: string) => {
      const page = window as unknown as { loupeRun: (value: unknown) => Promise<RunResult> };
      return page.loupeRun(JSON.parse(json));
    }, JSON.stringify(input));
}

const request: ModelRequest = {
  system: 'Use tools.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [
    {
      name: 'demo__weather_get',
      description: 'Weather.',
      input_schema: { type: 'object', properties: { city: { type: 'string', maxLength: 8 } }, required: ['city'] },
    },
  ],
  maxTokens: 200,
  temperature: 0,
};

describe('the In-browser model over wllama', () => {
  let run: Run;
  beforeAll(async () => {
    run = await startPage(writeTinyGguf({ contextLength: 4096 }));
  }, 120_000);

  it('with the constraint on, calls the tool with schema-valid arguments and counts tokens', async () => {
    const { parts, error, contextLength, chatTemplate } = await run({ request, constrainToolCalls: true });
    expect(error).toBeUndefined();
    expect(contextLength).toBe(4096);
    expect(chatTemplate).toBe(TINY_CHAT_TEMPLATE);
    expect(parts).toContainEqual({
      type: 'tool-use-start',
      index: expect.any(Number) as number,
      id: 'toolu_1',
      name: 'demo__weather_get',
    });
    const input = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.partialJson] : [])).join('');
    const args = JSON.parse(input) as { city?: unknown };
    expect(typeof args.city).toBe('string');
    const end = parts.at(-1);
    expect(end).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
    expect(end?.type === 'response-end' && end.usage.inputTokens > 10 && end.usage.outputTokens > 10).toBe(true);
  }, 120_000);

  it('streams text pieces without tools, and Stop ends the reply at once', async () => {
    const free = await run({
      request: { ...request, tools: [], maxTokens: 12, temperature: 0.9 },
      constrainToolCalls: false,
    });
    expect(free.error).toBeUndefined();
    expect(free.parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(1);
    const stopped = await run({
      request: { ...request, tools: [], maxTokens: 200, temperature: 0 },
      constrainToolCalls: false,
      stopAfterPieces: 2,
    });
    expect(stopped.error).toBe('AbortError');
    expect(stopped.parts.filter((part) => part.type === 'text-delta')).toHaveLength(2);
  }, 120_000);
});

describe('the native chat-template track over wllama', () => {
  let run: Run;
  beforeAll(async () => {
    run = await startPage(writeTinyGguf({ contextLength: 4096, chatTemplate: QWEN, preferences: { '<': 2 } }));
  }, 120_000);

  it('renders with the GGUF template in the page and reads a constrained <tool_call> back', async () => {
    const unit = { enum: ['celsius', 'fahrenheit'] };
    const [tool] = request.tools;
    if (tool === undefined) throw new Error('no tool');
    const schema = { ...tool.input_schema, properties: { city: { type: 'string', maxLength: 8 }, unit } };
    const withUnit = { ...request, tools: [{ ...tool, input_schema: { ...schema, required: ['city', 'unit'] } }] };
    const result = await run({ request: withUnit, constrainToolCalls: true });
    expect(result.error).toBeUndefined();
    expect(result.chatTemplate).toBe(QWEN);
    expect(result.parts.filter((part) => part.type === 'notice')).toEqual([]);
    const input = result.parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.partialJson] : []));
    expect(input).toHaveLength(1);
    const args = JSON.parse(input[0] ?? '') as Record<string, unknown>;
    expect(Object.keys(args).sort()).toEqual(['city', 'unit']);
    expect(typeof args.city === 'string' && args.city.length <= 8).toBe(true);
    expect(unit.enum).toContain(args.unit);
    expect(result.parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
  }, 120_000);
});
