import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../engine/model/model';
import { parsePromptedReply } from './parse-prompted-reply';
import { buildPromptedSystem, renderToolPrompt } from './render-tool-prompt';

const tools: ToolDefinition[] = [
  {
    name: 'demo__weather_get',
    description: 'Current weather for a city.',
    input_schema: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
  { name: 'demo__time_now', description: 'The time.', input_schema: { type: 'object' } },
];

describe('parsePromptedReply', () => {
  it.each([
    ['a bare object', '{"name": "demo__weather_get", "arguments": {"city": "Paris"}}'],
    ['a ```json fence', '```json\n{"name": "demo__weather_get", "arguments": {"city": "Paris"}}\n```'],
    ['surrounding whitespace', '\n  {"name":"demo__weather_get","arguments":{"city":"Paris"}}  \n'],
    ['a trailing comma', '{"name": "demo__weather_get", "arguments": {"city": "Paris",},}'],
    ['arguments as a JSON string', '{"name": "demo__weather_get", "arguments": "{\\"city\\": \\"Paris\\"}"}'],
  ])('accepts a valid call in %s', (_label, reply) => {
    expect(parsePromptedReply(reply, tools)).toEqual({
      kind: 'call',
      name: 'demo__weather_get',
      arguments: { city: 'Paris' },
    });
  });

  it('keeps text written around the call', () => {
    expect(
      parsePromptedReply('Let me look.\n{"name": "demo__weather_get", "arguments": {"city": "Oslo"}}', tools),
    ).toEqual({
      kind: 'call',
      name: 'demo__weather_get',
      arguments: { city: 'Oslo' },
      text: 'Let me look.',
    });
  });

  it('accepts a call without arguments for a tool that needs none, and braces inside strings', () => {
    expect(parsePromptedReply('{"name": "demo__time_now"}', tools)).toEqual({
      kind: 'call',
      name: 'demo__time_now',
      arguments: {},
    });
    expect(parsePromptedReply('{"name": "demo__weather_get", "arguments": {"city": "a}b{"}}', tools)).toMatchObject({
      kind: 'call',
      arguments: { city: 'a}b{' },
    });
  });

  it('takes plain text as text without a reason', () => {
    expect(parsePromptedReply('It is sunny in Paris, wear a light jacket.', tools)).toEqual({ kind: 'text' });
    expect(parsePromptedReply('Use a set like {a, b} here.', tools)).toEqual({ kind: 'text' });
  });

  it.each([
    ['malformed JSON', '{"name": "demo__weather_get", "arguments": {"city": Paris}}', /not valid JSON/],
    ['truncated JSON', '{"name": "demo__weather_get", "arguments": {"city": "Pa', /not valid JSON/],
    [
      'an unknown tool',
      '{"name": "demo__forecast", "arguments": {}}',
      /no tool "demo__forecast" \(available: demo__weather_get, demo__time_now\)/,
    ],
    [
      'a missing required argument',
      '{"name": "demo__weather_get", "arguments": {"unit": "celsius"}}',
      /required argument\(s\) missing: city/,
    ],
    [
      'an extra argument',
      '{"name": "demo__weather_get", "arguments": {"city": "Paris", "days": 3}}',
      /unknown argument\(s\): days \(allowed: city, unit\)/,
    ],
    ['no name', '{"arguments": {"city": "Paris"}}', /no "name" string/],
    [
      'arguments that are not an object',
      '{"name": "demo__weather_get", "arguments": [1]}',
      /"arguments" is not an object/,
    ],
  ])('rejects %s as text, saying why', (_label, reply, why) => {
    const parsed = parsePromptedReply(reply, tools);
    expect(parsed.kind).toBe('text');
    expect(parsed.kind === 'text' ? parsed.reason : '').toMatch(why);
    expect(parsed.kind === 'text' ? parsed.reason : '').toMatch(
      /^The reply looked like a tool call but was taken as text: /,
    );
  });
});

describe('renderToolPrompt', () => {
  it('lists every tool with its name, description, schema and an example call', () => {
    const prompt = renderToolPrompt(tools);
    expect(prompt).toContain('### demo__weather_get\nCurrent weather for a city.');
    expect(prompt).toContain(`Arguments (JSON Schema): ${JSON.stringify(tools[0]?.input_schema)}`);
    expect(prompt).toContain('Example call: {"name":"demo__weather_get","arguments":{"city":"<city>"}}');
    expect(prompt).toContain('Example call: {"name":"demo__time_now","arguments":{}}');
    expect(prompt).toMatch(/reply with exactly one JSON object and nothing else/);
    expect(prompt).toMatch(/answer the user in plain text/);
  });

  it('appends the tool section to the system prompt', () => {
    expect(buildPromptedSystem('Be kind.', tools)).toMatch(/^Be kind\.\n\n## Tools\n/);
    expect(buildPromptedSystem('Be kind.', [])).toBe('Be kind.');
  });
});
