import { describe, expect, it } from 'vitest';
import { checkToolLimits } from './check-tool-limits';
import type { ToolRow } from './collect-tool-rows';

const row = (name: string, inputSchema: Record<string, unknown> = { type: 'object' }, enabled = true): ToolRow => ({
  key: `k:${name}`,
  shown: { name, description: '', inputSchema },
  edited: false,
  enabled,
});
const many = (count: number) => Array.from({ length: count }, (_, index) => row(`tool_${index}`));

describe('checkToolLimits', () => {
  it('OpenAI-compatible: 128 tools pass, 129 name the one past the limit; switched-off tools do not count', () => {
    expect(checkToolLimits('openai-compatible', many(128))).toEqual([]);
    const [problem] = checkToolLimits('openai-compatible', many(150));
    expect(problem?.rule).toBe('OpenAI accepts at most 128 tools in one request (tools: array too long).');
    expect(problem?.detail).toBe('This run would send 150 tools, 22 more than it accepts.');
    expect(problem?.keys).toEqual(
      many(150)
        .slice(128)
        .map((tool) => tool.key),
    );
    expect(checkToolLimits('openai-compatible', [...many(128), row('off', {}, false)])).toEqual([]);
    expect(checkToolLimits('anthropic', many(150))).toEqual([]);
    expect(checkToolLimits('demo', [row('bad name!', { type: 'string' })])).toEqual([]);
  });

  it('names: the exact pattern and 64 characters at most', () => {
    const rows = [row('a'.repeat(64)), row('a'.repeat(65)), row('with space'), row('dot.name'), row('ünï'), row('')];
    const [problem] = checkToolLimits('anthropic', rows);
    expect(problem?.rule).toBe('Tool names must match ^[a-zA-Z0-9_-]+$ and be at most 64 characters.');
    expect(problem?.keys).toEqual(rows.slice(1).map((tool) => tool.key));
  });

  it('schemas: OpenAI refuses a non-object type and top-level oneOf/anyOf/allOf/enum/not; Anthropic only the type', () => {
    const rows = [row('ok'), row('union', { type: 'object', anyOf: [{}], not: {} }), row('str', { type: 'string' })];
    const openai = checkToolLimits('openai-compatible', rows);
    expect(openai.map((problem) => problem.id)).toEqual(['schema']);
    expect(openai[0]?.detail).toBe('union: anyOf, not at the top level; str: its type is "string".');
    expect(checkToolLimits('anthropic', rows)[0]?.keys).toEqual(['k:str']);
  });

  it('schemas: local $defs/$ref pass on both; a ref to another document, to nothing or looping is named', () => {
    const defs = { address: { type: 'object', properties: { zip: { type: 'string' } } } };
    const local = row('local', { type: 'object', $defs: defs, properties: { home: { $ref: '#/$defs/address' } } });
    const remote = row('remote', { type: 'object', properties: { a: { $ref: 'https://evil.example/s.json' } } });
    const missing = row('missing', { type: 'object', properties: { a: { $ref: '#/$defs/gone' } } });
    for (const provider of ['openai-compatible', 'anthropic']) {
      const [problem] = checkToolLimits(provider, [local, remote, missing]);
      expect(problem?.keys).toEqual(['k:remote', 'k:missing']);
      expect(problem?.rule).toMatch(/every \$ref must point inside it/);
      expect(problem?.detail).toBe(
        'remote: $ref "https://evil.example/s.json" names another document; missing: $ref "#/$defs/gone" points to nothing.',
      );
    }
  });
});
