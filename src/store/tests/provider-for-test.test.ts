import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../settings';
import { providerForTest } from './provider-for-test';

const settings: Settings = {
  ...defaultSettings,
  provider: 'demo',
  credentials: {
    anthropic: { apiKey: 'sk-ant-mine', rememberKey: false, baseUrl: 'https://api.anthropic.com' },
    'openai-compatible': { apiKey: 'sk-openai-mine', rememberKey: false, baseUrl: 'http://127.0.0.1:8080/v1' },
  },
};

describe('providerForTest', () => {
  it("runs each provider's model with that provider's own key, whichever provider is chosen now", () => {
    expect(providerForTest({ provider: 'anthropic', model: 'claude' }, settings)).toMatchObject({
      kind: 'anthropic',
      apiKey: 'sk-ant-mine',
      baseUrl: 'https://api.anthropic.com',
    });
    expect(providerForTest({ provider: 'openai-compatible', model: 'llama' }, settings)).toMatchObject({
      kind: 'openai-compatible',
      apiKey: 'sk-openai-mine',
      baseUrl: 'http://127.0.0.1:8080/v1',
    });
    expect(providerForTest({ provider: 'demo', model: 'loupe-demo' }, settings)).toEqual({ kind: 'demo' });
  });

  it('never sends a key to another endpoint: OpenAI-compatible runs without it, Anthropic not at all', () => {
    const elsewhere = { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9999/v1' } as const;
    expect(providerForTest(elsewhere, settings)).toMatchObject({ apiKey: '', baseUrl: 'http://127.0.0.1:9999/v1' });
    const sibling = { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:8080/v1beta' } as const;
    expect(providerForTest(sibling, settings)).toMatchObject({ apiKey: '' });
    const redirected = providerForTest(
      { provider: 'anthropic', model: 'c', baseUrl: 'https://evil.example' },
      settings,
    );
    expect(redirected).toBe(
      'Not run: this case sends c to evil.example, and your Anthropic key is for api.anthropic.com. Set that base URL in Settings to send it there.',
    );
  });

  it('asks for the Anthropic key when none was entered', () => {
    const none = {
      ...settings,
      credentials: { ...settings.credentials, anthropic: { ...settings.credentials.anthropic, apiKey: '' } },
    };
    expect(providerForTest({ provider: 'anthropic', model: 'c' }, none)).toContain('Enter your Anthropic API key');
  });
});
