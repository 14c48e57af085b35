import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../engine/model/model';
import { matchesGbnf, parseGbnf } from '../grammar/testing/gbnf-recognizer';
import { collectStreamParts } from '../testing/collect-stream-parts';
import { createGgufTextModel } from './create-gguf-text-model';
import { createInBrowserModel } from './create-in-browser-model';
import { createScriptedGgufEngine } from './testing/scripted-gguf-engine';

const weather = {
  name: 'demo__weather_get',
  description: 'Current weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const request = (overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'Be brief.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [weather],
  maxTokens: 64,
  ...overrides,
});
const signal = () => new AbortController().signal;

describe('createGgufTextModel', () => {
  it('renders the chat template, streams the text and reports tokens', async () => {
    const engine = createScriptedGgufEngine([['It is ', 'mild.']]);
    const parts = await collectStreamParts(
      createGgufTextModel(engine, { modelId: 'tiny.gguf' }).doStream(request({ tools: [] }), signal()),
    );
    expect(engine.requests[0]?.prompt).toBe(
      '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nWeather in Oslo?<|im_end|>\n<|im_start|>assistant\n',
    );
    expect(engine.requests[0]?.stop).toContain('<|im_end|>');
    expect(parts).toEqual([
      { type: 'response-start', model: 'tiny.gguf' },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, text: 'It is ' },
      { type: 'text-delta', index: 0, text: 'mild.' },
      { type: 'block-end', index: 0 },
      {
        type: 'response-end',
        stopReason: 'end_turn',
        usage: { inputTokens: expect.any(Number) as number, outputTokens: 2 },
      },
    ]);
  });

  it('streams <think> reasoning as thinking, tags split across pieces', async () => {
    const engine = createScriptedGgufEngine([['<thi', 'nk>\nOslo is', ' cold.</th', 'ink>\n\nWear a coat.']]);
    const parts = await collectStreamParts(
      createGgufTextModel(engine, { modelId: 'm' }).doStream(request({ tools: [] }), signal()),
    );
    const thinking = parts.flatMap((part) => (part.type === 'thinking-delta' ? [part.thinking] : [])).join('');
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');
    expect(thinking).toBe('Oslo is cold.');
    expect(text).toBe('Wear a coat.');
    expect(parts.filter((part) => part.type === 'block-end')).toEqual([
      { type: 'block-end', index: 0 },
      { type: 'block-end', index: 1 },
    ]);
  });

  it('stops within one piece when the signal aborts', async () => {
    const controller = new AbortController();
    const engine = createScriptedGgufEngine([['a', 'b', 'c', 'd']], {
      onPiece: (index) => index === 1 && controller.abort(),
    });
    const seen: string[] = [];
    const run = async () => {
      for await (const part of createGgufTextModel(engine, { modelId: 'm' }).doStream(
        request({ tools: [] }),
        controller.signal,
      )) {
        if (part.type === 'text-delta') seen.push(part.text);
      }
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
    // Stop came after "b" was read: "c" is never handed out.
    expect(seen.join('')).toBe('ab');
  });

  it('writes Llama 3, Mistral and Gemma prompts from their templates', async () => {
    for (const [template, expected] of [
      [
        '<|start_header_id|>',
        '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nWeather in Oslo?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
      ],
      ['[INST]', '[INST] Be brief.\n\nWeather in Oslo? [/INST]'],
      ['<start_of_turn>', '<start_of_turn>user\nBe brief.\n\nWeather in Oslo?<end_of_turn>\n<start_of_turn>model\n'],
    ] as const) {
      const engine = createScriptedGgufEngine([['ok']], { chatTemplate: template });
      await collectStreamParts(
        createGgufTextModel(engine, { modelId: 'm' }).doStream(request({ tools: [] }), signal()),
      );
      expect(engine.requests[0]?.prompt).toBe(expected);
    }
  });
});

describe('createInBrowserModel', () => {
  it('with the constraint on, sends the tool grammar and turns the call into a tool_use', async () => {
    const reply = '{"name": "demo__weather_get", "arguments": {"city": "Oslo"}}';
    const engine = createScriptedGgufEngine([[reply.slice(0, 20), reply.slice(20)]]);
    const model = createInBrowserModel(engine, {
      modelId: 'tiny.gguf',
      constrainToolCalls: true,
      createId: () => 'toolu_1',
    });
    const parts = await collectStreamParts(model.doStream(request(), signal()));
    const sent = engine.requests[0];
    expect(sent?.prompt).toContain('## Tools');
    const rules = parseGbnf(sent?.grammar ?? '');
    expect(matchesGbnf(rules, reply)).toBe(true);
    expect(matchesGbnf(rules, '{"name": "demo__weather_get", "arguments": {"town": "Oslo"}}')).toBe(false);
    expect(parts).toContainEqual({ type: 'tool-use-start', index: 1, id: 'toolu_1', name: 'demo__weather_get' });
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'tool_use' });
  });

  it('with the constraint off, sends no grammar', async () => {
    const engine = createScriptedGgufEngine([['Sunny.']]);
    await collectStreamParts(
      createInBrowserModel(engine, { modelId: 'm', constrainToolCalls: false }).doStream(request(), signal()),
    );
    expect(engine.requests[0]?.grammar).toBeUndefined();
  });
});
