// Outputs below are written as each family's published template and guide say the model writes them
// (sources per block); the leading/trailing end-of-turn tokens are stripped by the runtime before parsing.
import { describe, expect, it } from 'vitest';
import { detectToolCallDialect, parseToolCallReply } from './parse-tool-call-reply';

describe('parseToolCallReply', () => {
  // Qwen2.5-Instruct's tokenizer_config.json chat_template (Hermes format): one <tool_call> block per call.
  it('reads Hermes/Qwen blocks, several of them, with text before', () => {
    const raw =
      'Let me check both cities.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Bergen", "unit": "celsius"}}\n</tool_call>';
    expect(parseToolCallReply(raw, 'hermes')).toEqual({
      text: 'Let me check both cities.',
      calls: [
        { name: 'get_weather', arguments: { city: 'Oslo' } },
        { name: 'get_weather', arguments: { city: 'Bergen', unit: 'celsius' } },
      ],
      problems: [],
    });
  });

  // Qwen3's template: reasoning in <think> before the answer or the call.
  it('reads Qwen3 reasoning as thinking, then the call', () => {
    const raw =
      '<think>\nThe user wants the weather in Oslo. I should call get_weather.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>';
    const parsed = parseToolCallReply(raw, 'hermes');
    expect(parsed.thinking).toBe('The user wants the weather in Oslo. I should call get_weather.');
    expect(parsed.calls).toEqual([{ name: 'get_weather', arguments: { city: 'Oslo' } }]);
    expect(parsed.text).toBe('');
  });

  it('keeps a broken Hermes block as text and says why', () => {
    const raw = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}\n</tool_call>';
    const parsed = parseToolCallReply(raw, 'hermes');
    expect(parsed.calls).toEqual([]);
    expect(parsed.text).toContain('<tool_call>');
    expect(parsed.problems[0]).toMatch(/kept as text: the JSON is not closed/);
  });

  // DeepSeek-R1 distills: the template writes "<think>\n" into the prompt, so the reply opens mid-reasoning.
  it('reads reasoning whose opening tag was in the prompt', () => {
    expect(parseToolCallReply('Oslo is in Norway.\n</think>\n\nIt is cold.', 'prompted')).toEqual({
      thinking: 'Oslo is in Norway.',
      text: 'It is cold.',
      calls: [],
      problems: [],
    });
  });

  // Llama 3.1 model card, "JSON based tool calling": {"name": …, "parameters": …}; with <|python_tag|> when
  // the system prompt has "Environment: ipython".
  it('reads Llama 3.x JSON calls, with and without <|python_tag|>', () => {
    const bare =
      '{"name": "get_current_conditions", "parameters": {"location": "San Francisco, CA", "unit": "Fahrenheit"}}';
    expect(parseToolCallReply(bare, 'llama3').calls).toEqual([
      { name: 'get_current_conditions', arguments: { location: 'San Francisco, CA', unit: 'Fahrenheit' } },
    ]);
    const tagged = parseToolCallReply(
      '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}; {"name": "get_time", "parameters": {}}',
      'llama3',
    );
    expect(tagged.calls.map((call) => call.name)).toEqual(['get_weather', 'get_time']);
    expect(tagged.text).toBe('');
    expect(parseToolCallReply('Sure! Here is JSON: {"name": "x"}', 'llama3')).toEqual({
      text: 'Sure! Here is JSON: {"name": "x"}',
      calls: [],
      problems: [],
    });
    expect(parseToolCallReply('<|python_tag|>brave_search.call(query="x")', 'llama3').problems[0]).toMatch(
      /built-in tools/,
    );
  });

  // mistral-common, tokenizer v3 (Mistral 7B v0.3, Nemo): a JSON list with ids after [TOOL_CALLS].
  it('reads Mistral v3 call lists with their ids', () => {
    const raw =
      '[TOOL_CALLS] [{"name": "get_current_weather", "arguments": {"location": "Paris, France", "format": "celsius"}, "id": "9Dbl5kZyS"}]';
    expect(parseToolCallReply(raw, 'mistral')).toEqual({
      text: '',
      calls: [
        { name: 'get_current_weather', arguments: { location: 'Paris, France', format: 'celsius' }, id: '9Dbl5kZyS' },
      ],
      problems: [],
    });
  });

  // mistral-common, tokenizer v11+ (Mistral Small 3.2, Magistral): [TOOL_CALLS]name[ARGS]{…} per call.
  it('reads Mistral v11 name[ARGS] calls, several, with [CALL_ID]', () => {
    const raw = '[TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}[TOOL_CALLS]get_time[CALL_ID]a1b2c3d4e[ARGS]{}';
    expect(parseToolCallReply(raw, 'mistral').calls).toEqual([
      { name: 'get_weather', arguments: { city: 'Oslo' } },
      { name: 'get_time', arguments: {}, id: 'a1b2c3d4e' },
    ]);
    expect(parseToolCallReply('[TOOL_CALLS]get_weather{"city"', 'mistral').problems[0]).toMatch(/\[ARGS\]/);
  });

  // ai.google.dev "Function calling with Gemma": `[func_name(param=value)]`; ```tool_code fences in Google's
  // Gemma 3 cookbook.
  it('reads Gemma Python-style calls, bare and fenced', () => {
    expect(parseToolCallReply('[get_product_name_by_PID(PID="807ZPKBL9V")]', 'gemma').calls).toEqual([
      { name: 'get_product_name_by_PID', arguments: { PID: '807ZPKBL9V' } },
    ]);
    const fenced =
      'I will look it up.\n```tool_code\nprint(get_weather(city=\'Oslo\', days=3, hourly=True, tags=["a", None], opts={"x": 1.5}))\n```';
    expect(parseToolCallReply(fenced, 'gemma')).toEqual({
      text: 'I will look it up.',
      calls: [
        {
          name: 'get_weather',
          arguments: { city: 'Oslo', days: 3, hourly: true, tags: ['a', null], opts: { x: 1.5 } },
        },
      ],
      problems: [],
    });
    expect(parseToolCallReply('The weather is fine (mostly).', 'gemma').calls).toEqual([]);
    expect(parseToolCallReply('[get_weather(city=Oslo)]', 'gemma').problems[0]).toMatch(/expected a value/);
    const proto = parseToolCallReply('[f(__proto__={"polluted": 1})]', 'gemma').calls[0]?.arguments ?? {};
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reads the prompted track and arguments given as a JSON string', () => {
    expect(
      parseToolCallReply('{"name": "get_weather", "arguments": "{\\"city\\": \\"Oslo\\"}"}', 'prompted').calls,
    ).toEqual([{ name: 'get_weather', arguments: { city: 'Oslo' } }]);
  });
});

describe('detectToolCallDialect', () => {
  it('tells the dialect from markers in the chat template', () => {
    expect(detectToolCallDialect('{%- if tools %}<tool_call>\\n{"name": …}</tool_call>')).toBe('hermes');
    expect(detectToolCallDialect('{{- "[TOOL_CALLS]" + tool_calls|tojson }}')).toBe('mistral');
    expect(detectToolCallDialect('{{- "<|python_tag|>" }}{%- if builtin_tools %}')).toBe('llama3');
    expect(detectToolCallDialect('{{ "<start_of_turn>" + role }}')).toBe('gemma');
    expect(detectToolCallDialect('{% for m in messages %}{{ m.content }}{% endfor %}')).toBe('prompted');
  });
});
