// The grammars of src/providers/grammar/ under the real llama.cpp (wllama 3.8.1 in Chromium) and the tiny GGUF
// the suite writes: llama.cpp parses them, and what its sampler writes under them is a call Loupe reads, with
// arguments that fit the schema. Sampling is seeded, so each case is the same every run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../engine/model/model';
import { parseToolCallReply } from '../chat-formats/parse-tool-call-reply';
import { buildToolCallGrammar, type ToolCallGrammarOptions } from '../grammar/build-tool-call-grammar';
import { matchesGbnf, parseGbnf } from '../grammar/testing/gbnf-recognizer';
import { checkArguments } from '../prompted/parse-prompted-reply';
import { writeTinyGguf } from './testing/write-tiny-gguf';
import { startWllamaInChromium, type WllamaInChromium } from '../../../e2e/fixtures/in-browser/wllama-in-chromium';

let runtime: WllamaInChromium;
beforeAll(async () => {
  runtime = await startWllamaInChromium(writeTinyGguf());
}, 120_000);
afterAll(async () => runtime?.close());

const prompt = '<|im_start|>user\nCall a tool.<|im_end|>\n<|im_start|>assistant\n';

const tools: ToolDefinition[] = [
  {
    name: 'weather_get',
    description: '',
    input_schema: {
      type: 'object',
      properties: {
        city: { type: 'string', maxLength: 10 },
        unit: { enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
      },
      required: ['city', 'unit'],
    },
  },
  {
    name: 'tree_add',
    description: '',
    input_schema: {
      type: 'object',
      properties: {
        node: { $ref: '#/$defs/node' },
        tags: { type: 'array', items: { type: 'string', maxLength: 4 }, minItems: 1, maxItems: 2 },
      },
      required: ['node', 'tags'],
      $defs: {
        node: {
          type: 'object',
          properties: {
            label: { type: 'string', maxLength: 6 },
            children: { type: 'array', items: { $ref: '#/$defs/node' }, maxItems: 1 },
          },
          required: ['label'],
        },
      },
    },
  },
];

async function callUnder(options: ToolCallGrammarOptions, seed: number): Promise<{ text: string; grammar: string }> {
  const built = buildToolCallGrammar(tools, options);
  if ('refused' in built) throw new Error(built.refused);
  const out = await runtime.complete({ prompt, grammar: built.gbnf, maxTokens: 400, temperature: 0.8, seed });
  expect(out.error).toBeUndefined();
  // Ended by the grammar, not by the token limit.
  expect(out.finish).toBe('stop');
  return { text: out.text ?? '', grammar: built.gbnf };
}

describe('tool-call grammars under llama.cpp', () => {
  for (const [label, onlyTool] of [
    ['weather_get', 'weather_get'],
    ['tree_add ($ref, arrays)', 'tree_add'],
  ] as const) {
    it(`writes a schema-valid ${label} call, three seeds`, async () => {
      for (const seed of [1, 2, 3]) {
        const { text, grammar } = await callUnder({ requireCall: true, onlyTool }, seed);
        expect(matchesGbnf(parseGbnf(grammar), text)).toBe(true);
        const [call] = parseToolCallReply(text, 'prompted').calls;
        const tool = tools.find((candidate) => candidate.name === onlyTool);
        expect(call?.name).toBe(onlyTool);
        expect(tool && call ? checkArguments(tool, call.arguments) : 'no call').toBeUndefined();
      }
    }, 120_000);
  }

  it('writes a Hermes <tool_call> block the Hermes reader takes', async () => {
    const { text } = await callUnder(
      {
        requireCall: true,
        onlyTool: 'weather_get',
        format: { prefix: '<tool_call>\n', suffix: '\n</tool_call>', argumentsKey: 'arguments' },
      },
      4,
    );
    expect(parseToolCallReply(text, 'hermes').calls).toEqual([expect.objectContaining({ name: 'weather_get' })]);
  }, 120_000);

  it('takes the whole grammar with text allowed (every tool, hostile names escaped)', async () => {
    const hostile: ToolDefinition = {
      name: 'we"ird]\ntool',
      description: '',
      input_schema: { type: 'object', properties: { 'a"b\\c]': { enum: ['x\u0000y', 'é😀'] } } },
    };
    const built = buildToolCallGrammar([...tools, hostile]);
    if ('refused' in built) throw new Error(built.refused);
    const out = await runtime.complete({ prompt, grammar: built.gbnf, maxTokens: 300, temperature: 0.8, seed: 5 });
    expect(out.error).toBeUndefined();
    expect(matchesGbnf(parseGbnf(built.gbnf), out.text ?? '')).toBe(true);
  }, 120_000);
});
