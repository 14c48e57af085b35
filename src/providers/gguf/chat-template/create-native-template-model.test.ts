import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelRequest, ModelStreamPart } from '../../../engine/model/model';
import { matchesGbnf, parseGbnf } from '../../grammar/testing/gbnf-recognizer';
import { collectStreamParts } from '../../testing/collect-stream-parts';
import { createInBrowserModel } from '../create-in-browser-model';
import { createScriptedGgufEngine } from '../testing/scripted-gguf-engine';
import { TEMPLATE_LIMITS } from './render-jinja-template';

const template = (name: string): string =>
  readFileSync(new URL(`./testing/templates/${name}.jinja`, import.meta.url), 'utf8');

const request: ModelRequest = {
  system: 'Use tools.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [
    {
      name: 'weather_get',
      description: 'Current weather',
      input_schema: {
        type: 'object',
        properties: { city: { type: 'string' }, unit: { enum: ['C', 'F'] } },
        required: ['city'],
      },
    },
  ],
  maxTokens: 64,
};

async function run(chatTemplate: unknown, replies: string[][], constrainToolCalls = false, input = request) {
  const engine = createScriptedGgufEngine(replies, { chatTemplate: chatTemplate as string });
  let next = 0;
  const model = createInBrowserModel(engine, {
    modelId: 'm.gguf',
    constrainToolCalls,
    createId: () => `toolu_${++next}`,
    dateString: () => '4 Dec 2026',
  });
  const parts = await collectStreamParts(model.doStream(input, new AbortController().signal));
  return { parts, sent: engine.requests };
}

const calls = (parts: ModelStreamPart[]) =>
  parts.flatMap((part) => (part.type === 'tool-use-start' ? [part.name] : []));
const inputs = (parts: ModelStreamPart[]) =>
  parts.flatMap((part) => (part.type === 'tool-input-delta' ? [JSON.parse(part.partialJson) as unknown] : []));
const notices = (parts: ModelStreamPart[]) => parts.flatMap((part) => (part.type === 'notice' ? [part.message] : []));
const text = (parts: ModelStreamPart[]) =>
  parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');

describe('the native chat-template track', () => {
  it('Qwen2.5: renders with its template, streams <think> as thinking, reads <tool_call> blocks (two calls)', async () => {
    const reply =
      '<think>Two cities.</think>\n<tool_call>\n{"name": "weather_get", "arguments": {"city": "Oslo"}}\n</tool_call>\n' +
      '<tool_call>\n{"name": "weather_get", "arguments": {"city": "Bergen", "unit": "C"}}\n</tool_call>';
    const { parts, sent } = await run(template('qwen2.5-instruct'), [[reply.slice(0, 30), reply.slice(30)]]);
    expect(sent[0]?.prompt).toContain('<tools>\n{"type": "function", "function": {"name": "weather_get"');
    expect(sent[0]?.prompt.endsWith('<|im_start|>user\nWeather in Oslo?<|im_end|>\n<|im_start|>assistant\n')).toBe(
      true,
    );
    expect(sent[0]?.stop).toContain('<|im_end|>');
    expect(sent[0]?.grammar).toBeUndefined();
    expect(
      parts
        .filter((part) => part.type === 'thinking-delta')
        .map((part) => part.type === 'thinking-delta' && part.thinking)
        .join(''),
    ).toBe('Two cities.');
    expect(calls(parts)).toEqual(['weather_get', 'weather_get']);
    expect(inputs(parts)).toEqual([{ city: 'Oslo' }, { city: 'Bergen', unit: 'C' }]);
    expect(parts).toContainEqual({
      type: 'tool-use-start',
      index: expect.any(Number) as number,
      id: 'toolu_2',
      name: 'weather_get',
    });
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
  });

  it('with the constraint on, the grammar follows the template format (Hermes <tool_call>), not the prompted one', async () => {
    const reply = '<tool_call>\n{"name": "weather_get", "arguments": {"city": "Oslo"}}\n</tool_call>';
    const { parts, sent } = await run(template('qwen2.5-instruct'), [[reply]], true);
    const rules = parseGbnf(sent[0]?.grammar ?? '');
    expect(matchesGbnf(rules, reply)).toBe(true);
    expect(
      matchesGbnf(rules, '<tool_call>\n{"name": "weather_get", "arguments": {"town": "Oslo"}}\n</tool_call>'),
    ).toBe(false);
    expect(matchesGbnf(rules, '{"name": "weather_get", "arguments": {"city": "Oslo"}}')).toBe(false);
    expect(matchesGbnf(rules, 'It is sunny.')).toBe(true);
    expect(calls(parts)).toEqual(['weather_get']);
  });

  it('Llama 3.2: reads the bare {"name", "parameters"} call; its grammar uses `parameters`', async () => {
    const reply = '{"name": "weather_get", "parameters": {"city": "Oslo"}}';
    const { parts, sent } = await run(template('llama-3.2-instruct'), [[reply]], true);
    expect(sent[0]?.prompt).toContain('Today Date: 4 Dec 2026');
    expect(sent[0]?.stop).toContain('<|eot_id|>');
    expect(matchesGbnf(parseGbnf(sent[0]?.grammar ?? ''), reply)).toBe(true);
    expect(inputs(parts)).toEqual([{ city: 'Oslo' }]);
  });

  it('Mistral v0.3: reads [TOOL_CALLS] lists; its grammar writes them', async () => {
    const reply = '[TOOL_CALLS] [{"name": "weather_get", "arguments": {"city": "Oslo"}}]';
    const { parts, sent } = await run(template('mistral-7b-instruct-v0.3'), [[reply]], true);
    expect(sent[0]?.prompt.startsWith('[AVAILABLE_TOOLS] [')).toBe(true);
    expect(matchesGbnf(parseGbnf(sent[0]?.grammar ?? ''), reply)).toBe(true);
    expect(inputs(parts)).toEqual([{ city: 'Oslo' }]);
  });

  it('a text reply stays text and ends the turn; a call that cannot be read stays text with a notice', async () => {
    const plain = await run(template('qwen2.5-instruct'), [['It is ', 'sunny.']]);
    expect(text(plain.parts)).toBe('It is sunny.');
    expect(plain.parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'end_turn' });
    const broken = await run(template('qwen2.5-instruct'), [
      ['<tool_call>\n{"name": "weather_get", "argu\n</tool_call>'],
    ]);
    expect(calls(broken.parts)).toEqual([]);
    expect(text(broken.parts)).toContain('<tool_call>');
    expect(notices(broken.parts).join(' ')).toContain('<tool_call> block was kept as text');
  });

  it('Gemma (no tools in its template) goes through the prompted track', async () => {
    const { parts, sent } = await run(template('gemma-3-it'), [
      ['{"name": "weather_get", "arguments": {"city": "Oslo"}}'],
    ]);
    expect(sent[0]?.prompt).toContain('## Tools');
    expect(sent[0]?.prompt.startsWith('<start_of_turn>user\n')).toBe(true);
    expect(calls(parts)).toEqual(['weather_get']);
  });

  describe('hostile templates fall back to the prompted track with a notice, never hang', () => {
    const fallsBack = async (chatTemplate: unknown, why: RegExp) => {
      const { parts, sent } = await run(chatTemplate, [['{"name": "weather_get", "arguments": {"city": "Oslo"}}']]);
      expect(notices(parts).join(' ')).toMatch(why);
      expect(sent[0]?.prompt).toContain('## Tools');
      expect(calls(parts)).toEqual(['weather_get']);
    };
    it('a loop without end', () =>
      fallsBack(
        '{# tools <tool_call> #}{% for a in range(300) %}{% for b in range(300) %}x{% endfor %}{% endfor %}',
        /runs too long/,
      ));
    it('a huge template', () =>
      fallsBack(`{# tools <tool_call> #}${' '.repeat(TEMPLATE_LIMITS.sourceChars)}`, /longer than/));
    it('a template that raises', () =>
      fallsBack('{# tools <tool_call> #}{{ raise_exception("no tools here") }}', /no tools here/));
    it('a template that is not text', async () => {
      const { parts, sent } = await run(12345, [['Hi.']]);
      expect(sent[0]?.prompt).toContain('## Tools');
      expect(text(parts)).toBe('Hi.');
    });
  });
});

describe('a template stopped at a bound', () => {
  it('is not rendered again on the next request (the bound would stop it again)', async () => {
    const engine = createScriptedGgufEngine([['Hi.'], ['Hi again.']], {
      chatTemplate: '{# tools <tool_call> #}{% for a in range(50000) %}x{% endfor %}',
    });
    const model = createInBrowserModel(engine, { modelId: 'm', constrainToolCalls: false });
    const first = await collectStreamParts(model.doStream(request, new AbortController().signal));
    const second = await collectStreamParts(model.doStream(request, new AbortController().signal));
    for (const parts of [first, second]) expect(notices(parts).join(' ')).toContain('stopped: it loops too long');
    expect(engine.requests).toHaveLength(2);
  });
});
