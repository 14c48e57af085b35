// From the store's settings to what the worker needs: the provider and the run parameters.
import type { ProviderSettings, RunSettings } from '../protocol/settings';
import type { Settings } from './settings';

export function buildProviderSettings(settings: Settings): ProviderSettings {
  if (settings.provider === 'demo') return { kind: 'demo' };
  if (settings.provider === 'manual') return { kind: 'manual' };
  return { kind: 'anthropic', apiKey: settings.apiKey, baseUrl: settings.baseUrl, model: settings.model };
}

export function buildRunSettings(settings: Settings): RunSettings {
  return {
    provider: buildProviderSettings(settings),
    system: settings.system,
    maxRounds: settings.maxRounds,
    maxTokens: settings.maxTokens,
  };
}
