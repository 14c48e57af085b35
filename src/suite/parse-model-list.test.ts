import { describe, expect, it } from 'vitest';
import { parseModelList } from './parse-model-list';
import type { TestModel } from './test-suite';

const own: TestModel = {
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  baseUrl: 'https://gw.example',
  price: { input: 1, output: 5 },
};

describe('parseModelList', () => {
  it("reads bare ids on the case's provider, and other providers with their own base URL", () => {
    expect(
      parseModelList(
        'claude-sonnet-4-5, demo/loupe-demo, openai-compatible/llama3@http://127.0.0.1:11434/v1, openai-compatible/meta/llama',
        own,
      ),
    ).toEqual([
      { ...own, model: 'claude-sonnet-4-5' },
      { provider: 'demo', model: 'loupe-demo' },
      { provider: 'openai-compatible', model: 'llama3', baseUrl: 'http://127.0.0.1:11434/v1' },
      { provider: 'openai-compatible', model: 'meta/llama' },
    ]);
  });

  it('refuses a base URL on another provider or without one, and an entry with no model', () => {
    expect(typeof parseModelList('anthropic/x@https://evil.example', own)).toBe('string');
    expect(typeof parseModelList('llama@http://127.0.0.1:1/v1', own)).toBe('string');
    expect(typeof parseModelList('demo/', own)).toBe('string');
    expect(parseModelList(' , ', own)).toEqual([]);
  });
});
