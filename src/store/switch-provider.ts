// Pure: the settings change when the person picks another provider (base URL and model follow the provider).
import type { ProviderKind } from '../protocol/settings';
import {
  DEFAULT_BASE_URL,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MODEL,
  defaultSettings,
  type Settings,
} from './settings';

const defaultBaseUrls: Partial<Record<ProviderKind, string>> = {
  anthropic: DEFAULT_BASE_URL,
  'openai-compatible': DEFAULT_OPENAI_BASE_URL,
};
const defaultModels: Partial<Record<ProviderKind, string>> = {
  anthropic: defaultSettings.model,
  'openai-compatible': DEFAULT_OPENAI_MODEL,
};

/**
 * The patch for switching to `next`. A base URL or model the person typed is kept; one that is the other
 * provider's default (or a Claude id on an OpenAI endpoint and the reverse) becomes `next`'s default, and
 * the model list is cleared because it belonged to the other endpoint.
 */
export function switchProvider(settings: Settings, next: ProviderKind): Partial<Settings> {
  const patch: Partial<Settings> = { provider: next };
  if (next === settings.provider) return patch;
  const baseUrl = defaultBaseUrls[next];
  const isSomeDefault = Object.values(defaultBaseUrls).includes(settings.baseUrl) || settings.baseUrl.trim() === '';
  if (baseUrl !== undefined && isSomeDefault) patch.baseUrl = baseUrl;
  const model = defaultModels[next];
  const isClaude = settings.model.startsWith('claude-');
  const mismatched = (next === 'anthropic' && !isClaude) || (next === 'openai-compatible' && isClaude);
  if (model !== undefined && (mismatched || settings.model.trim() === '')) patch.model = model;
  if (baseUrl !== undefined) {
    patch.models = [];
    patch.modelsFromFallback = false;
  }
  return patch;
}
