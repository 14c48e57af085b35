// How to reach an Anthropic-compatible Messages API, and the SDK client built from it.
import Anthropic from '@anthropic-ai/sdk';

/** Connection settings for the Anthropic provider. */
export interface AnthropicConfig {
  apiKey: string;
  /** Defaults to https://api.anthropic.com. */
  baseUrl?: string;
  /** SDK retries on 408/409/429/5xx (honouring `retry-after`). Defaults to 2. */
  maxRetries?: number;
  /** For tests and custom transports; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export const defaultAnthropicBaseUrl = 'https://api.anthropic.com';

/**
 * The SDK client. SDK 1.10 sends `apiKey` as `Authorization: Bearer …`, which the public API reserves for
 * OAuth tokens; API keys belong in `x-api-key`. The SDK lets a hand-set `X-Api-Key` default header stand in
 * for its own auth when `Authorization` is explicitly omitted (`null`), so we do exactly that. `apiKey` is
 * still passed so the SDK never falls back to environment variables or credential files.
 */
export function createAnthropicClient(config: AnthropicConfig): Anthropic {
  return new Anthropic({
    apiKey: config.apiKey,
    baseURL: config.baseUrl ?? defaultAnthropicBaseUrl,
    dangerouslyAllowBrowser: true,
    maxRetries: config.maxRetries ?? 2,
    defaultHeaders: { 'X-Api-Key': config.apiKey, Authorization: null },
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
}
