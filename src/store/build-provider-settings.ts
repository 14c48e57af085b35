// From the store's settings to what the worker needs: the provider and the run parameters.
import type { ModelPrice } from '../engine/model/model-capabilities';
import type { ProviderSettings, RunSettings } from '../protocol/settings';
import { resolveCapabilities, resolvePrice } from './capabilities/resolve-model-settings';
import type { Settings } from './settings';
import { anyApiToolOn, type ApiToolSettings } from '../shared/api-tool-settings';

export function buildProviderSettings(settings: Settings): ProviderSettings {
  if (settings.provider === 'demo') return { kind: 'demo' };
  if (settings.provider === 'manual') return { kind: 'manual' };
  const { apiKey, baseUrl, model } = settings;
  switch (settings.provider) {
    case 'anthropic':
      return {
        kind: 'anthropic',
        apiKey,
        baseUrl,
        model,
        capabilities: resolveCapabilities(settings, 'anthropic', model),
        ...withApiTools(settings),
      };
    case 'openai-compatible': {
      const capabilities = resolveCapabilities(settings, 'openai-compatible', model);
      return { kind: 'openai-compatible', apiKey, baseUrl, model, capabilities };
    }
  }
}

export function buildRunSettings(settings: Settings): RunSettings {
  return {
    provider: buildProviderSettings(settings),
    system: settings.system,
    maxRounds: settings.maxRounds,
    maxTokens: settings.maxTokens,
    ...withPrice(settings),
    ...(Object.keys(settings.policies).length === 0 ? {} : { policies: settings.policies }),
  };
}

/** The price of the chosen model, recorded with the run; none for the demo model or an unpriced model. */
function withPrice(settings: Settings): { price?: ModelPrice } {
  if (settings.provider === 'demo') return {};
  const price = resolvePrice(settings, settings.model);
  return price === undefined ? {} : { price };
}

/** The API tools to send; never the memory tool while the loop cannot run its calls (an unanswered call fails). */
function withApiTools(settings: Settings): { apiTools?: ApiToolSettings } {
  const apiTools = { ...settings.apiTools, memory: { enabled: false } };
  return anyApiToolOn(apiTools) ? { apiTools } : {};
}
