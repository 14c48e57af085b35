// The person's model and run settings as the store holds them. Types and defaults only.
import type { ModelCapabilities, ModelPrice } from '../engine/model/model-capabilities';
import type { ModelInfo } from '../protocol/messages';
import type { ProviderKind } from '../protocol/settings';
import type { PolicySettings } from './policies/policy-defaults';

/** Providers the UI offers: every provider kind the worker knows. */
export type SelectableProvider = ProviderKind;

export interface Settings {
  provider: SelectableProvider;
  /** Held in memory; written to storage only when `rememberKey` is true. */
  apiKey: string;
  rememberKey: boolean;
  baseUrl: string;
  model: string;
  models: ModelInfo[];
  modelsFromFallback: boolean;
  modelsWarning?: string;
  maxRounds: number;
  maxTokens: number;
  system: string;
  draft: string;
  /** Capabilities the person set, per `provider:model` (`capabilitiesKey`); other models use the defaults. */
  capabilities: Record<string, ModelCapabilities>;
  /** Price entries the person added or changed (USD per million tokens), over the built-in table. */
  prices: Record<string, ModelPrice>;
  /** Loop policies the person changed (limits, at-limit behaviour, duplicates, caps…); the rest keep the defaults. */
  policies: PolicySettings;
}

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

export const defaultSettings: Settings = {
  provider: 'demo',
  apiKey: '',
  rememberKey: false,
  baseUrl: DEFAULT_BASE_URL,
  model: 'claude-sonnet-4-5',
  models: [],
  modelsFromFallback: false,
  maxRounds: 10,
  maxTokens: 4096,
  system: 'You are a helpful assistant. Use the tools when they help.',
  draft: 'What should I wear in Paris today?',
  capabilities: {},
  prices: {},
  policies: {},
};
