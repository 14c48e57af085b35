// The person's model and run settings as the store holds them. Types and defaults only.
import type { ModelCapabilities, ModelPrice } from '../engine/model/model-capabilities';
import type { ModelInfo } from '../protocol/messages';
import type { ProviderKind } from '../protocol/settings';
import type { PolicySettings } from './policies/policy-defaults';
import { defaultApiToolSettings, type ApiToolSettings } from '../shared/api-tool-settings';

/** Providers the UI offers: every provider kind the worker knows. */
/**
 * The most rounds a run may be given: agents people debug (coding agents above all) run for hundreds of rounds,
 * and the engine's cost per round does not grow with the run (ENGINE-SPEC rule 29).
 */
export const MAX_ROUNDS_LIMIT = 10_000;

export type SelectableProvider = ProviderKind;

/** Providers that take a key and a base URL; each keeps its own, so a key only ever goes where it was typed. */
export type KeyedProvider = 'anthropic' | 'openai-compatible';

export const KEYED_PROVIDERS: readonly KeyedProvider[] = ['anthropic', 'openai-compatible'];

export function isKeyedProvider(provider: string): provider is KeyedProvider {
  return provider === 'anthropic' || provider === 'openai-compatible';
}

/** One provider's key, its "remember" choice and its endpoint. */
export interface ProviderCredentials {
  /** Held in memory; written to storage only when `rememberKey` is true. */
  apiKey: string;
  rememberKey: boolean;
  /** Written to storage with its secrets (user info, query values) redacted unless `rememberKey` is true. */
  baseUrl: string;
}

export interface Settings {
  provider: SelectableProvider;
  /** The chosen provider's key (empty for the demo and manual models); mirrors `credentials[provider]`. */
  apiKey: string;
  /** The chosen provider's "Remember on this device" choice. */
  rememberKey: boolean;
  /** The chosen provider's endpoint. */
  baseUrl: string;
  /** Every keyed provider's own key and base URL (`applySettingsPatch` keeps the chosen one in step). */
  credentials: Record<KeyedProvider, ProviderCredentials>;
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
  /** OpenTelemetry exports (docs/otel.md): whether they carry message content (off unless the person ticks it). */
  telemetry: TelemetrySettings;
  /** The Messages API's own tools (Settings → Server tools); sent with Anthropic requests only. */
  apiTools: ApiToolSettings;
  /** The In-browser (GGUF) provider's choices. */
  inBrowser: InBrowserSettings;
}

/** Settings → In-browser (GGUF). */
export interface InBrowserSettings {
  /** "Constrain tool calls to the schemas": the sampler follows a grammar built from the tools (default on). */
  constrainToolCalls: boolean;
  /** Context length to allocate; absent = the model's own, capped at 4,096. */
  contextLength?: number;
  /** Sampling temperature of in-browser runs; absent = llama.cpp's default. 0 = always the likeliest token. */
  temperature?: number;
}

/** Settings → Telemetry. */
export interface TelemetrySettings {
  /** Put system instructions, messages, tool definitions, arguments and results into OTLP exports (redacted). */
  includeContent: boolean;
  /** OTLP/HTTP endpoint each ended run is sent to ('' sends nothing). Stored, like a server URL. */
  endpoint: string;
  /** With an endpoint set: MCP tool calls carry `traceparent` in `params._meta` (on unless the person unticks it). */
  traceContext: boolean;
  /** Headers sent to that endpoint only (an API key): kept in memory like server headers, never stored or exported. */
  headers: Record<string, string>;
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
  telemetry: { includeContent: false, endpoint: '', traceContext: true, headers: {} },
  apiTools: defaultApiToolSettings,
  inBrowser: { constrainToolCalls: true },
  credentials: {
    anthropic: { apiKey: '', rememberKey: false, baseUrl: DEFAULT_BASE_URL },
    'openai-compatible': { apiKey: '', rememberKey: false, baseUrl: DEFAULT_OPENAI_BASE_URL },
  },
};
