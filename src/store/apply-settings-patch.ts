// Pure: a settings change, keeping each provider's key and base URL with that provider.
import { redactUrl } from '../shared/redact-url';
import { isKeyedProvider, type Settings } from './settings';

/**
 * `settings` with `patch` applied. When the provider changes, the old provider's key, remember choice
 * and base URL are put away and the new provider's come back (a key or base URL in the same patch wins):
 * a key typed for one provider is never sent to another. A base URL that is the redacted form of the one
 * held (a session record or storage keeps only that) does not overwrite the full one in memory.
 */
export function applySettingsPatch(settings: Settings, patch: Partial<Settings>): Settings {
  const next: Settings = { ...settings, ...patch, credentials: { ...settings.credentials } };
  const switching = patch.provider !== undefined && patch.provider !== settings.provider;
  if (switching) {
    if (isKeyedProvider(settings.provider)) {
      const { apiKey, rememberKey, baseUrl } = settings;
      next.credentials[settings.provider] = { apiKey, rememberKey, baseUrl };
    }
    if (isKeyedProvider(next.provider)) {
      const stored = next.credentials[next.provider];
      next.apiKey = patch.apiKey ?? stored.apiKey;
      next.rememberKey = patch.rememberKey ?? stored.rememberKey;
      next.baseUrl = patch.baseUrl ?? stored.baseUrl;
    } else {
      next.apiKey = '';
      next.rememberKey = false;
    }
  }
  if (isKeyedProvider(next.provider)) {
    const held = switching ? next.credentials[next.provider].baseUrl : settings.baseUrl;
    if (patch.baseUrl !== undefined && patch.baseUrl !== held && redactUrl(held) === patch.baseUrl) next.baseUrl = held;
    next.credentials[next.provider] = { apiKey: next.apiKey, rememberKey: next.rememberKey, baseUrl: next.baseUrl };
  }
  return next;
}
