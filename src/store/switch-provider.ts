// Pure: the settings change when the person picks another provider (the model follows the provider).
import type { ProviderKind } from '../protocol/settings';
import { DEFAULT_OPENAI_MODEL, defaultSettings, isKeyedProvider, type Settings } from './settings';

const defaultModels: Partial<Record<ProviderKind, string>> = {
  anthropic: defaultSettings.model,
  'openai-compatible': DEFAULT_OPENAI_MODEL,
};

/**
 * The patch for switching to `next`. Key and base URL are not in it: each provider keeps its own
 * (`applySettingsPatch`). A model the person typed is kept; a Claude id on an OpenAI endpoint (and the
 * reverse) becomes `next`'s default, and the model list is cleared because it belonged to the other endpoint.
 */
export function switchProvider(settings: Settings, next: ProviderKind): Partial<Settings> {
  const patch: Partial<Settings> = { provider: next };
  if (next === settings.provider) return patch;
  const model = defaultModels[next];
  const isClaude = settings.model.startsWith('claude-');
  const mismatched = (next === 'anthropic' && !isClaude) || (next === 'openai-compatible' && isClaude);
  if (model !== undefined && (mismatched || settings.model.trim() === '')) patch.model = model;
  if (isKeyedProvider(next)) {
    patch.models = [];
    patch.modelsFromFallback = false;
  }
  return patch;
}
