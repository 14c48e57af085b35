import { describe, expect, it } from 'vitest';
import { findOwnKeys, findSecretFields } from './check-form-secrets';

const credentials = (anthropic: string, openai = '') => ({
  anthropic: { apiKey: anthropic, rememberKey: false, baseUrl: 'https://api.anthropic.com' },
  'openai-compatible': { apiKey: openai, rememberKey: false, baseUrl: 'http://localhost:11434/v1' },
});

describe("a server's form and the person's secrets", () => {
  it('finds fields that ask for a secret by their name, title, description or format', () => {
    expect(
      findSecretFields({
        type: 'object',
        properties: {
          city: { type: 'string', title: 'City' },
          k: { type: 'string', title: 'Anthropic API key' },
          pw: { type: 'string', description: 'Your password, to continue' },
          access_token: { type: 'string' },
          guests: { type: 'integer', title: 'Guests' },
        },
      }),
    ).toEqual(['Anthropic API key', 'pw', 'access_token']);
  });

  it("finds the person's own key in any value, pasted alone or inside other text, and no short placeholder", () => {
    const key = 'sk-ant-api03-abcdefghijklmnop';
    expect(findOwnKeys({ note: 'hello' }, credentials(key))).toEqual([]);
    expect(findOwnKeys({ note: key }, credentials(key))).toEqual(['Anthropic']);
    expect(findOwnKeys({ note: ` my key is ${key} ` }, credentials(key))).toEqual(['Anthropic']);
    expect(findOwnKeys({ picks: ['a', 'sk-local-12345678'] }, credentials(key, 'sk-local-12345678'))).toEqual([
      'OpenAI-compatible',
    ]);
    // An empty or toy key would match ordinary answers.
    expect(findOwnKeys({ note: 'abc' }, credentials('abc'))).toEqual([]);
    expect(findOwnKeys({ note: 'anything' }, credentials(''))).toEqual([]);
  });
});
