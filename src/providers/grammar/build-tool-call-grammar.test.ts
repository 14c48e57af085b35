import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../engine/model/model';
import { buildToolCallGrammar, type ToolCallGrammarOptions } from './build-tool-call-grammar';
import { matchesGbnf, parseGbnf } from './testing/gbnf-recognizer';

const tool = (name: string, input_schema: Record<string, unknown>): ToolDefinition => ({
  name,
  description: '',
  input_schema,
});

function grammarFor(
  tools: ToolDefinition[],
  options?: ToolCallGrammarOptions,
): { accepts: (text: string) => boolean; notes: string[]; gbnf: string } {
  const built = buildToolCallGrammar(tools, options);
  if ('refused' in built) throw new Error(built.refused);
  const rules = parseGbnf(built.gbnf);
  return { accepts: (text) => matchesGbnf(rules, text), notes: built.notes, gbnf: built.gbnf };
}

const call = (name: string, args: unknown, key = 'arguments'): string => JSON.stringify({ name, [key]: args });

const weather = tool('get_weather', {
  type: 'object',
  properties: {
    city: { type: 'string' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    days: { type: 'integer' },
  },
  required: ['city'],
});

describe('buildToolCallGrammar', () => {
  it('accepts plain text and a call to a listed tool with valid arguments', () => {
    const { accepts } = grammarFor([weather]);
    expect(accepts('It is sunny in Oslo.')).toBe(true);
    expect(accepts('')).toBe(true);
    expect(accepts(call('get_weather', { city: 'Oslo' }))).toBe(true);
    expect(accepts(call('get_weather', { city: 'Oslo', unit: 'celsius', days: 3 }))).toBe(true);
    expect(accepts(call('get_weather', { city: 'Oslo', days: -12 }))).toBe(true);
    expect(accepts('{"name": "get_weather", "arguments": {\n  "city": "Oslo"\n}}')).toBe(true);
  });

  it('rejects unknown tools, missing required fields, wrong types, bad enums and extra keys', () => {
    const { accepts } = grammarFor([weather]);
    expect(accepts(call('get_wether', { city: 'Oslo' }))).toBe(false);
    expect(accepts(call('get_weather', {}))).toBe(false);
    expect(accepts(call('get_weather', { city: 3 }))).toBe(false);
    expect(accepts(call('get_weather', { city: 'Oslo', unit: 'kelvin' }))).toBe(false);
    expect(accepts(call('get_weather', { city: 'Oslo', days: 1.5 }))).toBe(false);
    expect(accepts(call('get_weather', { city: 'Oslo', wind: true }))).toBe(false);
    expect(accepts(`${call('get_weather', { city: 'Oslo' })} and more`)).toBe(false);
    // Text that starts like a call cannot slip through as text.
    expect(accepts('{"name": "nothing"}')).toBe(false);
  });

  it('keeps to the schema order and gets commas right around optional fields', () => {
    const { accepts } = grammarFor([
      tool('t', { type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'null' }, c: { type: 'number' } } }),
    ]);
    expect(accepts(call('t', {}))).toBe(true);
    expect(accepts(call('t', { b: null }))).toBe(true);
    expect(accepts(call('t', { a: false, c: 2.5e3 }))).toBe(true);
    expect(accepts('{"name": "t", "arguments": {, "c": 1}}')).toBe(false);
    expect(accepts('{"name": "t", "arguments": {"a": true,}}')).toBe(false);
  });

  it('handles nested objects, arrays with bounds, const and anyOf', () => {
    const { accepts } = grammarFor([
      tool('plan', {
        type: 'object',
        properties: {
          trip: {
            type: 'object',
            properties: {
              from: { type: 'string' },
              stops: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
            },
            required: ['from', 'stops'],
          },
          mode: { const: 'fast' },
          budget: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        },
        required: ['trip'],
      }),
    ]);
    expect(accepts(call('plan', { trip: { from: 'A', stops: ['B'] }, mode: 'fast', budget: null }))).toBe(true);
    expect(accepts(call('plan', { trip: { from: 'A', stops: ['B', 'C', 'D'] }, budget: 5 }))).toBe(true);
    expect(accepts(call('plan', { trip: { from: 'A', stops: [] } }))).toBe(false);
    expect(accepts(call('plan', { trip: { from: 'A', stops: ['B', 'C', 'D', 'E'] } }))).toBe(false);
    expect(accepts(call('plan', { trip: { from: 'A', stops: ['B'] }, mode: 'slow' }))).toBe(false);
    expect(accepts(call('plan', { trip: { from: 'A', stops: ['B'] }, budget: 'x' }))).toBe(false);
  });

  it('follows $ref into $defs and definitions, recursion included', () => {
    const { accepts } = grammarFor([
      tool('tree', {
        type: 'object',
        properties: { root: { $ref: '#/$defs/node' }, color: { $ref: '#/definitions/color' } },
        required: ['root'],
        $defs: {
          node: {
            type: 'object',
            properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
            required: ['label'],
          },
        },
        definitions: { color: { enum: ['red', 'blue'] } },
      }),
    ]);
    expect(
      accepts(
        call('tree', { root: { label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] }, color: 'red' }),
      ),
    ).toBe(true);
    expect(accepts(call('tree', { root: { label: 'a', children: [{ name: 'b' }] } }))).toBe(false);
    expect(accepts(call('tree', { root: { label: 'a' }, color: 'green' }))).toBe(false);
  });

  it('merges allOf parts and reads anyOf choices with the keys beside them', () => {
    const { accepts } = grammarFor([
      tool('merge', {
        allOf: [{ $ref: '#/$defs/base' }, { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] }],
        $defs: { base: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
      }),
      tool('either', {
        type: 'object',
        properties: { x: { type: 'string' }, y: { type: 'string' } },
        anyOf: [{ required: ['x'] }, { required: ['y'] }],
      }),
    ]);
    expect(accepts(call('merge', { a: 's', b: 1 }))).toBe(true);
    expect(accepts(call('merge', { a: 's' }))).toBe(false);
    expect(accepts(call('either', { y: 'v' }))).toBe(true);
    expect(accepts(call('either', {}))).toBe(false);
  });

  it('writes each chat format and honours requireCall and onlyTool', () => {
    const other = tool('other', { type: 'object', properties: {} });
    const hermes = grammarFor([weather, other], {
      format: { prefix: '<tool_call>\n', suffix: '\n</tool_call>', argumentsKey: 'arguments' },
      requireCall: true,
      onlyTool: 'get_weather',
    });
    expect(hermes.accepts(`<tool_call>\n${call('get_weather', { city: 'Oslo' })}\n</tool_call>`)).toBe(true);
    expect(hermes.accepts(`<tool_call>\n${call('other', {})}\n</tool_call>`)).toBe(false);
    expect(hermes.accepts('Hello')).toBe(false);
    const llama = grammarFor([weather], { format: { prefix: '', suffix: '', argumentsKey: 'parameters' } });
    expect(llama.accepts(call('get_weather', { city: 'Oslo' }, 'parameters'))).toBe(true);
    expect(llama.accepts(call('get_weather', { city: 'Oslo' }))).toBe(false);
  });

  it('escapes hostile property names, tool names and enum values', () => {
    const names = ['quo"te', 'back\\slash', 'new\nline', 'brack]et', 'nul\u0000', 'emoji😀', 'x ::= y', '#comment'];
    const properties = Object.fromEntries(names.map((name) => [name, { enum: [name, 'a"b\\c'] }]));
    const weird = tool('we"ird\ntool', { type: 'object', properties, required: names });
    const { accepts } = grammarFor([weird]);
    const args = Object.fromEntries(names.map((name) => [name, name]));
    expect(accepts(call('we"ird\ntool', args))).toBe(true);
    expect(accepts(call('we"ird\ntool', { ...args, '#comment': 'a"b\\c' }))).toBe(true);
    expect(accepts(call('we"ird\ntool', { ...args, 'quo"te': 'other' }))).toBe(false);
  });

  it('degrades past its bounds to "any JSON object" and says so', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 60; level += 1) deep = { type: 'object', properties: { d: deep }, required: ['d'] };
    const hugeEnum = {
      type: 'object',
      properties: { e: { enum: Array.from({ length: 5000 }, (_, index) => `v${index}`) } },
    };
    const loop = {
      type: 'object',
      properties: { x: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { anyOf: [{ $ref: '#/$defs/a' }, { type: 'string' }] } },
    };
    const { accepts, notes } = grammarFor([tool('deep', deep), tool('enum', hugeEnum), tool('loop', loop)]);
    expect(notes.join('\n')).toMatch(/deep: .*nests more than/);
    expect(notes.join('\n')).toMatch(/enum: .*more than 256 values/);
    expect(notes.join('\n')).toMatch(/loop: .*refers to itself/);
    expect(accepts(call('deep', { anything: [1, { b: null }] }))).toBe(true);
    expect(accepts(call('loop', { x: 'y' }))).toBe(true);
    expect(accepts(call('loop', 'not an object'))).toBe(false);
  });

  it('refuses too many tools and says why', () => {
    const many = Array.from({ length: 129 }, (_, index) => tool(`t${index}`, { type: 'object' }));
    expect(buildToolCallGrammar(many)).toEqual({ refused: 'more than 128 tools' });
    expect(buildToolCallGrammar([])).toEqual({ refused: 'there is no tool to call' });
  });

  it('writes rule names llama.cpp accepts and no left recursion', () => {
    const { gbnf } = grammarFor([weather, tool('ünïcode tool!', { type: 'object' })]);
    for (const line of gbnf.trim().split('\n')) expect(line).toMatch(/^[a-zA-Z0-9-]+ ::= /);
  });
});
