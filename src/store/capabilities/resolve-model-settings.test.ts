import { describe, expect, it } from 'vitest';
import { buildProviderSettings, buildRunSettings } from '../build-provider-settings';
import { loadSettings, saveSettings } from '../persist-settings';
import { defaultSettings, type Settings } from '../settings';
import { switchProvider } from '../switch-provider';
import { MemoryStorage } from '../testing/memory-storage';
import { capabilitiesKey, defaultCapabilities } from './default-capabilities';
import { resolveCapabilities, resolvePrice } from './resolve-model-settings';

const openai: Settings = {
  ...defaultSettings,
  provider: 'openai-compatible',
  baseUrl: 'http://localhost:11434/v1',
  model: 'llama3.2:3b',
};

describe('model capabilities', () => {
  it('defaults: Claude and known OpenAI models read images; unknown local models are text-only with native tools', () => {
    expect(defaultCapabilities('anthropic', 'claude-sonnet-4-5')).toEqual({
      tools: 'native',
      vision: true,
      thinking: false,
      contextWindow: 200_000,
    });
    expect(defaultCapabilities('openai-compatible', 'gpt-4o-mini')).toMatchObject({
      vision: true,
      contextWindow: 128_000,
    });
    expect(defaultCapabilities('openai-compatible', 'llama3.2:3b')).toEqual({
      tools: 'native',
      vision: false,
      thinking: false,
    });
  });

  it('uses the person’s entry for the model and sends it to the worker', () => {
    const prompted = { tools: 'prompted' as const, vision: true, thinking: false, contextWindow: 8192 };
    const settings = { ...openai, capabilities: { [capabilitiesKey('openai-compatible', 'llama3.2:3b')]: prompted } };
    expect(resolveCapabilities(settings, 'openai-compatible', 'llama3.2:3b')).toEqual(prompted);
    expect(buildProviderSettings(settings)).toEqual({
      kind: 'openai-compatible',
      apiKey: '',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.2:3b',
      capabilities: prompted,
    });
  });

  it('records the price of the model with the run; an edited price wins over the built-in one', () => {
    expect(buildRunSettings({ ...openai, model: 'gpt-4o-mini' }).price).toEqual({
      input: 0.15,
      output: 0.6,
      cacheRead: 0.075,
    });
    expect(buildRunSettings(openai)).not.toHaveProperty('price');
    const edited = { ...openai, prices: { 'llama3.2:3b': { input: 0, output: 0 } } };
    expect(resolvePrice(edited, 'llama3.2:3b')).toEqual({ input: 0, output: 0 });
  });

  it('persists capabilities and prices, dropping bad entries one by one', () => {
    const storage = new MemoryStorage();
    const good = { tools: 'prompted' as const, vision: false, thinking: true, thinkingBudget: 2048 };
    saveSettings(storage, {
      ...openai,
      capabilities: { 'openai-compatible:a': good },
      prices: { a: { input: 1, output: 2 } },
    });
    const loaded = loadSettings(storage);
    expect(loaded).toMatchObject({
      provider: 'openai-compatible',
      capabilities: { 'openai-compatible:a': good },
      prices: { a: { input: 1, output: 2 } },
    });
    storage.setItem(
      'loupe.settings',
      JSON.stringify({
        capabilities: { x: { tools: 'maybe' }, y: good },
        prices: { p: { input: -1, output: 1 }, q: { input: 1, output: 1, cacheRead: 'x' } },
      }),
    );
    expect(loadSettings(storage)).toMatchObject({ capabilities: { y: good }, prices: { q: { input: 1, output: 1 } } });
  });

  it('keeps the opt-in to send reasoning back only when it is exactly true', () => {
    const storage = new MemoryStorage();
    const base = { tools: 'native' as const, vision: false, thinking: false };
    storage.setItem(
      'loupe.settings',
      JSON.stringify({
        capabilities: {
          on: { ...base, sendReasoning: true, constrainToolCalls: true },
          odd: { ...base, sendReasoning: 'yes', constrainToolCalls: 1 },
        },
      }),
    );
    const { capabilities } = loadSettings(storage);
    expect(capabilities['on']).toEqual({ ...base, sendReasoning: true, constrainToolCalls: true });
    expect(capabilities['odd']).toEqual(base);
  });
});

describe('switchProvider', () => {
  it('moves a foreign model id to the new provider’s default (the base URL is the provider’s own)', () => {
    expect(switchProvider({ ...defaultSettings, provider: 'anthropic' }, 'openai-compatible')).toEqual({
      provider: 'openai-compatible',
      model: 'gpt-4o-mini',
      models: [],
      modelsFromFallback: false,
    });
  });

  it('keeps a base URL and model the person typed', () => {
    const patch = switchProvider(
      { ...openai, provider: 'anthropic', baseUrl: 'http://proxy.local', model: 'my-model' },
      'openai-compatible',
    );
    expect(patch).not.toHaveProperty('baseUrl');
    expect(patch).not.toHaveProperty('model');
  });
});
