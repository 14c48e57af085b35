import { describe, expect, it } from 'vitest';
import { labelModels } from './run-cases';
import type { TestModel } from './test-suite';

describe('labelModels', () => {
  it('labels models provider/model, and adds the host only where one id runs on two endpoints', () => {
    const first: TestModel = { provider: 'openai-compatible', model: 'llama3', baseUrl: 'http://127.0.0.1:11434/v1' };
    const second: TestModel = { provider: 'openai-compatible', model: 'llama3', baseUrl: 'http://127.0.0.1:8080/v1' };
    const claude: TestModel = { provider: 'anthropic', model: 'claude', baseUrl: 'https://gw.example' };
    const labelOf = labelModels([first, second, claude]);
    expect([first, second, claude].map(labelOf)).toEqual([
      'openai-compatible/llama3@127.0.0.1:11434',
      'openai-compatible/llama3@127.0.0.1:8080',
      'anthropic/claude',
    ]);
    expect(labelModels([])(claude)).toBe('anthropic/claude');
  });
});
