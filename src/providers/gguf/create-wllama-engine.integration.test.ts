// The In-browser model over the real wllama engine in Chromium, with the suite's tiny GGUF: streaming, the
// constrained call, Stop, token counts, the template and context length read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelRequest, ModelStreamPart } from '../../engine/model/model';
import { writeTinyGguf, TINY_CHAT_TEMPLATE } from './testing/write-tiny-gguf';
import { bundleInBrowserPageEntry } from '../../../e2e/fixtures/in-browser/bundle-page-entry';
import { startWllamaInChromium } from '../../../e2e/fixtures/in-browser/wllama-in-chromium';

type RunResult = { parts: ModelStreamPart[]; error?: string; contextLength: number; chatTemplate: string | null };
let runtime: Awaited<ReturnType<typeof startWllamaInChromium>>;
let run: (input: {
  request: ModelRequest;
  constrainToolCalls: boolean;
  stopAfterPieces?: number;
}) => Promise<RunResult>;

beforeAll(async () => {
  runtime = await startWllamaInChromium(writeTinyGguf({ contextLength: 4096 }), await bundleInBrowserPageEntry());
  // As JSON text: a `ModelRequest` is too deep for Playwright's serialisable type.
  run = (input) =>
    runtime.page.evaluate((json: string) => {
      const page = window as unknown as { loupeRun: (value: unknown) => Promise<RunResult> };
      return page.loupeRun(JSON.parse(json));
    }, JSON.stringify(input));
}, 120_000);
afterAll(async () => runtime?.close());

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
