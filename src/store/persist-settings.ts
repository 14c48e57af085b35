// Settings in localStorage: non-secret fields always; the API key only when the person ticked "Remember".
import { readCapabilities, readMap, readPrice } from './capabilities/read-model-settings';
import { readJson, readString, writeItem } from './safe-storage';
import { readPolicies } from './policies/read-policies';
import { readApiToolSettings } from '../shared/read-api-tool-settings';
import { readInBrowserSettings } from './in-browser/read-in-browser-settings';
import { redactUrl } from '../shared/redact-url';
import { applySettingsPatch } from './apply-settings-patch';
import { defaultSettings, isKeyedProvider, KEYED_PROVIDERS, MAX_ROUNDS_LIMIT } from './settings';
import type { KeyedProvider, ProviderCredentials, SelectableProvider, Settings } from './settings';
import { isRecord } from '../shared/is-record';

export const SETTINGS_KEY = 'loupe.settings';
/** Where one key was kept before each provider had its own (read once to migrate, then erased). */
export const LEGACY_API_KEY_KEY = 'loupe.apiKey';

/** Where a provider's remembered key is kept (only when the person ticked "Remember on this device"). */
export function apiKeyStorageKey(provider: KeyedProvider): string {
  return `loupe.apiKey.${provider}`;
}

type PersistedSettings = Pick<
  Settings,
  | 'provider'
  | 'model'
  | 'maxRounds'
  | 'maxTokens'
  | 'system'
  | 'capabilities'
  | 'prices'
  | 'policies'
  | 'apiTools'
  | 'inBrowser'
> & {
  credentials: Record<KeyedProvider, Omit<ProviderCredentials, 'apiKey'>>;
  telemetry: Omit<Settings['telemetry'], 'headers'>;
};

function pickString(record: Record<string, unknown>, key: string, fallback: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : fallback;
}

function pickInteger(record: Record<string, unknown>, key: string, fallback: number, min: number, max: number): number {
  const value = record[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Every provider the UI offers (a new kind must be listed here, or it would not be remembered). */
const PROVIDERS: Record<SelectableProvider, true> = {
  demo: true,
  anthropic: true,
  'openai-compatible': true,
  manual: true,
  'in-browser': true,
};

/** A stored provider choice, when it names one the UI offers (the manual model holds no secret). */
function readProvider(value: unknown): SelectableProvider {
  return typeof value === 'string' && Object.hasOwn(PROVIDERS, value) ? (value as SelectableProvider) : 'demo';
}

/** Settings from `storage` over the defaults; each bad or missing field falls back on its own. */
export function loadSettings(storage: Storage | undefined): Settings {
  const stored = readJson(storage, SETTINGS_KEY);
  if (!isRecord(stored)) return { ...defaultSettings };
  const provider = readProvider(stored['provider']);
  const credentials = isRecord(stored['credentials'])
    ? readCredentials(storage, stored['credentials'])
    : migrateCredentials(storage, stored, provider);
  const active = isKeyedProvider(provider) ? credentials[provider] : undefined;
  return {
    ...defaultSettings,
    provider,
    credentials,
    apiKey: active?.apiKey ?? '',
    rememberKey: active?.rememberKey ?? false,
    baseUrl: active?.baseUrl ?? credentials.anthropic.baseUrl,
    model: pickString(stored, 'model', defaultSettings.model),
    maxRounds: pickInteger(stored, 'maxRounds', defaultSettings.maxRounds, 1, MAX_ROUNDS_LIMIT),
    maxTokens: pickInteger(stored, 'maxTokens', defaultSettings.maxTokens, 1, 200_000),
    system: pickString(stored, 'system', defaultSettings.system),
    capabilities: readMap(stored['capabilities'], readCapabilities),
    prices: readMap(stored['prices'], readPrice),
    policies: readPolicies(stored['policies']),
    telemetry: readTelemetry(stored['telemetry']),
    apiTools: readApiToolSettings(stored['apiTools']),
    inBrowser: readInBrowserSettings(stored['inBrowser']),
  };
}

function readTelemetry(stored: unknown): Settings['telemetry'] {
  const record = isRecord(stored) ? stored : {};
  const endpoint = record['endpoint'];
  return {
    includeContent: record['includeContent'] === true,
    endpoint: typeof endpoint === 'string' ? endpoint : '',
    traceContext: record['traceContext'] !== false,
    headers: {},
  };
}

function readCredentials(storage: Storage | undefined, stored: Record<string, unknown>): Settings['credentials'] {
  const read = (provider: KeyedProvider): ProviderCredentials => {
    const entry = stored[provider];
    const record = isRecord(entry) ? entry : {};
    const rememberKey = record['rememberKey'] === true;
    return {
      rememberKey,
      apiKey: rememberKey ? (readString(storage, apiKeyStorageKey(provider)) ?? '') : '',
      baseUrl: pickString(record, 'baseUrl', defaultSettings.credentials[provider].baseUrl),
    };
  };
  return { anthropic: read('anthropic'), 'openai-compatible': read('openai-compatible') };
}

/**
 * Settings saved when one key and one base URL served every provider: they go to the provider they
 * were most likely typed for — an `sk-ant-` key to Anthropic whatever was chosen, otherwise the provider
 * chosen then (Anthropic when that was the demo or manual model). The other provider starts empty.
 */
function migrateCredentials(
  storage: Storage | undefined,
  stored: Record<string, unknown>,
  provider: SelectableProvider,
): Settings['credentials'] {
  const credentials = structuredClone(defaultSettings.credentials);
  const rememberKey = stored['rememberKey'] === true;
  const apiKey = rememberKey ? (readString(storage, LEGACY_API_KEY_KEY) ?? '') : '';
  const baseUrl = pickString(stored, 'baseUrl', '');
  const chosen: KeyedProvider = isKeyedProvider(provider) ? provider : 'anthropic';
  const keyOwner: KeyedProvider = apiKey.startsWith('sk-ant-') ? 'anthropic' : chosen;
  if (apiKey !== '') credentials[keyOwner] = { ...credentials[keyOwner], apiKey, rememberKey };
  const urlOwner = baseUrl === credentials['openai-compatible'].baseUrl ? 'openai-compatible' : chosen;
  if (baseUrl.trim() !== '' && baseUrl !== credentials.anthropic.baseUrl) credentials[urlOwner].baseUrl = baseUrl;
  return credentials;
}

/**
 * Writes the non-secret settings and each provider's remembered key; erases a key that is not remembered
 * (and the single key of older versions). A base URL is written with its secrets redacted unless its
 * provider's key is remembered.
 */
export function saveSettings(storage: Storage | undefined, given: Settings): void {
  // The chosen provider's fields are the ones the UI edits: make sure its credentials hold them.
  const settings = applySettingsPatch(given, {});
  const credentials = Object.fromEntries(
    KEYED_PROVIDERS.map((provider) => {
      const { rememberKey, baseUrl } = settings.credentials[provider];
      return [provider, { rememberKey, baseUrl: rememberKey ? baseUrl : redactUrl(baseUrl) }];
    }),
  ) as PersistedSettings['credentials'];
  const persisted: PersistedSettings = {
    provider: settings.provider,
    credentials,
    model: settings.model,
    maxRounds: settings.maxRounds,
    maxTokens: settings.maxTokens,
    system: settings.system,
    capabilities: settings.capabilities,
    prices: settings.prices,
    policies: settings.policies,
    // The endpoint's headers stay in memory, like a server's: they usually hold an API key.
    telemetry: {
      includeContent: settings.telemetry.includeContent,
      endpoint: settings.telemetry.endpoint,
      traceContext: settings.telemetry.traceContext,
    },
    apiTools: settings.apiTools,
    inBrowser: settings.inBrowser,
  };
  writeItem(storage, SETTINGS_KEY, persisted);
  for (const provider of KEYED_PROVIDERS) {
    const { rememberKey, apiKey } = settings.credentials[provider];
    writeItem(storage, apiKeyStorageKey(provider), rememberKey && apiKey !== '' ? apiKey : null);
  }
  writeItem(storage, LEGACY_API_KEY_KEY, null);
}
