// How to reach an Anthropic-compatible Messages API, and the SDK client built from it.
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';

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
 * The SDK's client with only the resources Loupe calls (messages, models). The full `Anthropic` class builds
 * every API resource (beta, organization, files, skills …) and, with it, about 40 KB (gzip) more in the
 * engine worker; `BaseAnthropic` is the same client (auth, retries, fetch, errors) without them.
 */
export class AnthropicClient extends BaseAnthropic {
  messages: Messages = new Messages(this);
  models: Models = new Models(this);
}

/**
 * The SDK client. SDK 1.10 sends `apiKey` as `Authorization: Bearer …`, which the public API reserves for
 * OAuth tokens; API keys belong in `x-api-key`. The SDK lets a hand-set `X-Api-Key` default header stand in
 * for its own auth when `Authorization` is explicitly omitted (`null`), so we do exactly that. `apiKey` is
 * still passed so the SDK never falls back to environment variables or credential files.
 */
export function createAnthropicClient(config: AnthropicConfig): AnthropicClient {
  return new AnthropicClient({
    apiKey: config.apiKey,
    baseURL: config.baseUrl ?? defaultAnthropicBaseUrl,
    dangerouslyAllowBrowser: true,
    maxRetries: config.maxRetries ?? 2,
    defaultHeaders: { 'X-Api-Key': config.apiKey, Authorization: null },
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
}
