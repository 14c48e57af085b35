// Settings in localStorage: non-secret fields always; the API key only when the person ticked "Remember".
import { readCapabilities, readMap, readPrice } from './capabilities/read-model-settings';
import { readJson, readString, writeItem } from './safe-storage';
import { readPolicies } from './policies/read-policies';
import { defaultSettings } from './settings';
import type { SelectableProvider, Settings } from './settings';

export const SETTINGS_KEY = 'loupe.settings';
export const API_KEY_KEY = 'loupe.apiKey';

type PersistedSettings = Pick<
  Settings,
  | 'provider'
  | 'rememberKey'
  | 'baseUrl'
  | 'model'
  | 'maxRounds'
  | 'maxTokens'
  | 'system'
  | 'capabilities'
  | 'prices'
  | 'policies'
>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
};

/** A stored provider choice, when it names one the UI offers (the manual model holds no secret). */
function readProvider(value: unknown): SelectableProvider {
  return typeof value === 'string' && Object.hasOwn(PROVIDERS, value) ? (value as SelectableProvider) : 'demo';
}

/** Settings from `storage` over the defaults; each bad or missing field falls back on its own. */
export function loadSettings(storage: Storage | undefined): Settings {
  const stored = readJson(storage, SETTINGS_KEY);
  if (!isRecord(stored)) return { ...defaultSettings };
  const rememberKey = stored['rememberKey'] === true;
  return {
    ...defaultSettings,
    provider: readProvider(stored['provider']),
    rememberKey,
    apiKey: rememberKey ? (readString(storage, API_KEY_KEY) ?? '') : '',
    baseUrl: pickString(stored, 'baseUrl', defaultSettings.baseUrl),
    model: pickString(stored, 'model', defaultSettings.model),
    maxRounds: pickInteger(stored, 'maxRounds', defaultSettings.maxRounds, 1, 100),
    maxTokens: pickInteger(stored, 'maxTokens', defaultSettings.maxTokens, 1, 200_000),
    system: pickString(stored, 'system', defaultSettings.system),
    capabilities: readMap(stored['capabilities'], readCapabilities),
    prices: readMap(stored['prices'], readPrice),
    policies: readPolicies(stored['policies']),
  };
}

/** Writes the non-secret settings; writes the key only when remembered, and erases it otherwise. */
export function saveSettings(storage: Storage | undefined, settings: Settings): void {
  const persisted: PersistedSettings = {
    provider: settings.provider,
    rememberKey: settings.rememberKey,
    baseUrl: settings.baseUrl,
    model: settings.model,
    maxRounds: settings.maxRounds,
    maxTokens: settings.maxTokens,
    system: settings.system,
    capabilities: settings.capabilities,
    prices: settings.prices,
    policies: settings.policies,
  };
  writeItem(storage, SETTINGS_KEY, persisted);
  writeItem(storage, API_KEY_KEY, settings.rememberKey && settings.apiKey !== '' ? settings.apiKey : null);
}
