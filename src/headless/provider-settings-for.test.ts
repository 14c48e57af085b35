import { describe, expect, it } from 'vitest';
import { providerSettingsFor } from './provider-settings-for';
import { readSecretBindings, type SecretBindings } from './read-secret-bindings';

const bindings = readSecretBindings({ ANTHROPIC_API_KEY: 'sk-ant-x' }) as SecretBindings;

describe('providerSettingsFor: the API tools of a suite', () => {
  it('reads them like stored settings: a bad field off, Memory on a memory of its own or the named one', () => {
    const model = {
      provider: 'anthropic' as const,
      model: 'claude-sonnet-4-5',
      apiTools: { webSearch: { enabled: 'yes' }, memory: { enabled: true }, toolSearch: { enabled: true } },
    };
    const result = providerSettingsFor(model, bindings);
    expect(typeof result === 'object' && result.settings).toMatchObject({
      kind: 'anthropic',
      apiTools: {
        webSearch: { enabled: false },
        memory: { enabled: true, scope: 'session:headless' },
        toolSearch: { enabled: true, variant: 'bm25' },
      },
    });
    const named = providerSettingsFor({ ...model, apiTools: { memory: { enabled: true, name: 'ci' } } }, bindings);
    expect(typeof named === 'object' && named.settings).toMatchObject({
      apiTools: { memory: { enabled: true, scope: 'named:ci' } },
    });
  });

  it('sends none when the suite names none, or only switched-off ones', () => {
    const plain = providerSettingsFor({ provider: 'anthropic', model: 'm' }, bindings);
    expect(typeof plain === 'object' && plain.settings).not.toHaveProperty('apiTools');
    const off = providerSettingsFor({ provider: 'anthropic', model: 'm', apiTools: { memory: {} } }, bindings);
    expect(typeof off === 'object' && off.settings).not.toHaveProperty('apiTools');
  });
});

describe('providerSettingsFor: a GGUF file', () => {
  it('runs it in this process with no key and no URL, constrained unless turned off', () => {
    expect(providerSettingsFor({ provider: 'in-browser', model: 'm.gguf' }, bindings)).toEqual({
      settings: { kind: 'in-browser', model: 'm.gguf', constrainToolCalls: true },
    });
    const free = {
      provider: 'in-browser' as const,
      model: 'm.gguf',
      capabilities: { tools: 'native' as const, vision: false, thinking: false, constrainToolCalls: false },
    };
    expect(providerSettingsFor(free, bindings)).toEqual({
      settings: { kind: 'in-browser', model: 'm.gguf', constrainToolCalls: false },
    });
  });
});
