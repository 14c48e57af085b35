import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../../engine/model/model';
import { readToolTemplate } from './read-tool-template';
import { renderNativePrompt } from './render-native-prompt';
import { templateCallId } from './to-template-messages';

/** A real model's template (testing/templates/SOURCES.md says where each comes from). */
const template = (name: string): string =>
  readFileSync(new URL(`./testing/templates/${name}.jinja`, import.meta.url), 'utf8');

const request: ModelRequest = {
  system: 'Use tools.',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'I should look it up.', signature: '' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather_get', input: { city: 'Oslo' } },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '4°C, rain' }] }],
    },
  ],
  tools: [
    {
      name: 'weather_get',
      description: 'Current weather',
      input_schema: {
        type: 'object',
        properties: { city: { type: 'string', description: 'City' } },
        required: ['city'],
      },
    },
  ],
  maxTokens: 100,
};
const TOOL_JSON =
  '{"type": "function", "function": {"name": "weather_get", "description": "Current weather", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City"}}, "required": ["city"]}}}';

function render(name: string, input: ModelRequest = request): string {
  const source = template(name);
  const family = readToolTemplate(source);
  if (family === undefined) throw new Error(`${name} takes no tools`);
  const out = renderNativePrompt(source, family, input, { dateString: '4 Dec 2026' });
  if ('error' in out) throw new Error(out.error);
  return out.prompt;
}

describe('renderNativePrompt with real chat templates', () => {
  it('Qwen2.5-Instruct: tools in the system turn, the call in <tool_call>, the result as <tool_response>', () => {
    expect(readToolTemplate(template('qwen2.5-instruct'))?.dialect).toBe('hermes');
    expect(render('qwen2.5-instruct')).toBe(
      '<|im_start|>system\nUse tools.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
        `You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n${TOOL_JSON}\n</tools>\n\n` +
        'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n' +
        '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n' +
        '<|im_start|>user\nWeather in Oslo?<|im_end|>\n' +
        '<|im_start|>assistant\n<tool_call>\n{"name": "weather_get", "arguments": {"city": "Oslo"}}\n</tool_call><|im_end|>\n' +
        '<|im_start|>user\n<tool_response>\n4°C, rain\n</tool_response><|im_end|>\n<|im_start|>assistant\n',
    );
  });

  it('Hermes 3 (tool_use template): Python-style signatures, the result in a tool turn', () => {
    const prompt = render('hermes-3-llama-3.1-tool-use');
    expect(readToolTemplate(template('hermes-3-llama-3.1-tool-use'))?.dialect).toBe('hermes');
    expect(prompt).toContain(
      '"description": "weather_get(city: str) - Current weather\n\n    Args:\n        city(str): City"',
    );
    expect(prompt).toContain(
      '<|im_start|>assistant\n<tool_call>\n{"name": "weather_get", "arguments": {"city": "Oslo"}}\n</tool_call><|im_end|>\n' +
        '<|im_start|>tool\n<tool_response>\n4°C, rain\n</tool_response><|im_end|><|im_start|>assistant\n',
    );
    // bos_token is the family's empty one for ChatML: nothing before the first turn.
    expect(prompt.startsWith('<|im_start|>system\n')).toBe(true);
  });

  it('Llama 3.2-Instruct: tools in the first user turn, `parameters`, the result as ipython, no doubled BOS', () => {
    expect(readToolTemplate(template('llama-3.2-instruct'))?.dialect).toBe('llama3');
    const prompt = render('llama-3.2-instruct');
    expect(prompt.startsWith('<|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\n')).toBe(true);
    expect(prompt).toContain('Today Date: 4 Dec 2026\n\nUse tools.<|eot_id|>');
    expect(prompt).toContain('"name": "weather_get",\n        "description": "Current weather"');
    expect(
      prompt.endsWith(
        'Weather in Oslo?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n{"name": "weather_get", "parameters": {"city": "Oslo"}}<|eot_id|>' +
          '<|start_header_id|>ipython<|end_header_id|>\n\n"4°C, rain"<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
      ),
    ).toBe(true);
  });

  it('Mistral 7B v0.3: [AVAILABLE_TOOLS], [TOOL_CALLS] with 9-character ids, [TOOL_RESULTS]', () => {
    expect(readToolTemplate(template('mistral-7b-instruct-v0.3'))?.dialect).toBe('mistral');
    const id = templateCallId('toolu_1');
    expect(id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(render('mistral-7b-instruct-v0.3')).toBe(
      `[AVAILABLE_TOOLS] [${TOOL_JSON}][/AVAILABLE_TOOLS][INST] Weather in Oslo?[/INST]` +
        `[TOOL_CALLS] [{"name": "weather_get", "arguments": {"city": "Oslo"}, "id": "${id}"}]</s>` +
        `[TOOL_RESULTS] {"content": 4°C, rain, "call_id": "${id}"}[/TOOL_RESULTS]`,
    );
    // The system prompt goes with the last user message, as the template puts it.
    expect(render('mistral-7b-instruct-v0.3', { ...request, messages: request.messages.slice(0, 1) })).toContain(
      '[INST] Use tools.\n\nWeather in Oslo?[/INST]',
    );
  });

  it('Gemma 2 and 3 take no tools: they stay on the prompted track', () => {
    expect(readToolTemplate(template('gemma-2-it'))).toBeUndefined();
    expect(readToolTemplate(template('gemma-3-it'))).toBeUndefined();
  });

  it('a template that refuses a system role is tried again with the system prompt in the first user turn', () => {
    // Gemma 2's template raises on a system message; a tool-taking copy of it shows the retry.
    const source = `{# tools <tool_call> #}${template('gemma-2-it')}`;
    const family = readToolTemplate(source);
    if (family === undefined) throw new Error('expected a family');
    const out = renderNativePrompt(
      source,
      family,
      { ...request, messages: request.messages.slice(0, 1) },
      {
        dateString: 'x',
      },
    );
    expect(out).toEqual({
      prompt: '<start_of_turn>user\nUse tools.\n\nWeather in Oslo?<end_of_turn>\n<start_of_turn>model\n',
    });
  });

  it('tool_choice none: no tools given to the template, and the model is told to answer in text', () => {
    const prompt = render('qwen2.5-instruct', { ...request, toolChoice: { type: 'none' } });
    expect(prompt).not.toContain('# Tools');
    expect(prompt).toContain('Answer in plain text');
  });

  it('Llama 3.2 (one call per turn) shows two parallel calls as two turns, each with its result', () => {
    const twoCalls: ModelRequest = {
      ...request,
      messages: [
        request.messages[0] ?? { role: 'user', content: [] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'weather_get', input: { city: 'Oslo' } },
            { type: 'tool_use', id: 'toolu_2', name: 'weather_get', input: { city: 'Rome' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'cold' }] },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'warm' }] },
          ],
        },
      ],
    };
    expect(render('llama-3.2-instruct', twoCalls)).toContain(
      '{"name": "weather_get", "parameters": {"city": "Oslo"}}<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n"cold"<|eot_id|>' +
        '<|start_header_id|>assistant<|end_header_id|>\n\n{"name": "weather_get", "parameters": {"city": "Rome"}}<|eot_id|>' +
        '<|start_header_id|>ipython<|end_header_id|>\n\n"warm"<|eot_id|>',
    );
  });
});
