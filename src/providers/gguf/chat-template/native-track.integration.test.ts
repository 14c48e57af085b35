// The native chat-template track in Chromium over the real wllama engine: a tiny GGUF carrying Qwen2.5's own
// template, so the page renders tools with @huggingface/jinja, llama.cpp samples under the Hermes
// `<tool_call>` grammar, and the call is read back as a schema-valid tool_use.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelRequest, ModelStreamPart } from '../../../engine/model/model';
import { writeTinyGguf } from '../testing/write-tiny-gguf';
import { bundleInBrowserPageEntry } from '../../../../e2e/fixtures/in-browser/bundle-page-entry';
import { startWllamaInChromium } from '../../../../e2e/fixtures/in-browser/wllama-in-chromium';

type RunResult = { parts: ModelStreamPart[]; error?: string; chatTemplate: string | null };
const QWEN = readFileSync(new URL('./testing/templates/qwen2.5-instruct.jinja', import.meta.url), 'utf8');
let runtime: Awaited<ReturnType<typeof startWllamaInChromium>>;

beforeAll(async () => {
  const gguf = writeTinyGguf({ contextLength: 4096, chatTemplate: QWEN, preferences: { '<': 2 } });
  runtime = await startWllamaInChromium(gguf, await bundleInBrowserPageEntry());
}, 120_000);
afterAll(async () => runtime?.close());

const request: ModelRequest = {
  system: 'Use tools.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [
    {
      name: 'demo__weather_get',
      description: 'Weather.',
      input_schema: {
        type: 'object',
        properties: { city: { type: 'string', maxLength: 8 }, unit: { enum: ['celsius', 'fahrenheit'] } },
        required: ['city', 'unit'],
      },
    },
  ],
  maxTokens: 200,
  temperature: 0,
};

describe('the native track under wllama', () => {
  it('renders with the GGUF template in the page and reads a constrained <tool_call> back', async () => {
    const result = await runtime.page.evaluate(
      (json: string) =>
        (window as unknown as { loupeRun: (value: unknown) => Promise<RunResult> }).loupeRun(JSON.parse(json)),
      JSON.stringify({ request, constrainToolCalls: true }),
    );
    expect(result.error).toBeUndefined();
    expect(result.chatTemplate).toBe(QWEN);
    expect(result.parts.filter((part) => part.type === 'notice')).toEqual([]);
    const input = result.parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.partialJson] : []));
    expect(input).toHaveLength(1);
    const args = JSON.parse(input[0] ?? '') as Record<string, unknown>;
    expect(Object.keys(args).sort()).toEqual(['city', 'unit']);
    expect(typeof args.city === 'string' && args.city.length <= 8).toBe(true);
    expect(['celsius', 'fahrenheit']).toContain(args.unit);
    expect(result.parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
  }, 120_000);
});
