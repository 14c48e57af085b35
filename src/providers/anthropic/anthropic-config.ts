// How to reach an Anthropic-compatible Messages API, and the SDK client built from it.
import type { APIPromise } from '@anthropic-ai/sdk/core/api-promise';
import { BaseAnthropic, type Anthropic } from '@anthropic-ai/sdk/client';
import { Page, type PagePromise } from '@anthropic-ai/sdk/core/pagination';
import type { Stream } from '@anthropic-ai/sdk/core/streaming';
import type {
  MessageCountTokensParams,
  MessageCreateParamsStreaming,
  MessageTokensCount,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ModelInfo, ModelListParams } from '@anthropic-ai/sdk/resources/models';

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

type RequestOptions = Anthropic.RequestOptions;

/**
 * The SDK's client with only the three calls Loupe makes, sent through its generic `post` / `getAPIList` (auth,
 * headers, retries, timeouts, SSE and errors stay the SDK's). The full `Anthropic` class builds every API resource
 * (beta, organization, files, skills …), about 40 KB (gzip) more in the engine worker; the `Messages` and `Models`
 * resources alone bring the `stream()` helper, batches and the structured-output parser, 7 KB more. For the
 * parameters Loupe sends (no `user_profile_id`, `workspace_id` or SDK tool helpers) the requests are the ones those
 * resources send, minus their OpenTelemetry span (no tracer is ever registered in the worker).
 */
export class AnthropicClient extends BaseAnthropic {
  /** `POST /v1/messages` streamed, as `messages.create({ …, stream: true })`. */
  createMessageStream(
    params: MessageCreateParamsStreaming,
    options?: RequestOptions,
  ): APIPromise<Stream<RawMessageStreamEvent>> {
    return this.post('/v1/messages', { body: params, ...options, stream: true });
  }

  /** `POST /v1/messages/count_tokens`, as `messages.countTokens`. */
  countMessageTokens(params: MessageCountTokensParams, options?: RequestOptions): APIPromise<MessageTokensCount> {
    return this.post('/v1/messages/count_tokens', { body: params, ...options });
  }

  /** `GET /v1/models`, paged (iterate with `for await`), as `models.list`. */
  listModels(query: ModelListParams, options?: RequestOptions): PagePromise<Page<ModelInfo>, ModelInfo> {
    return this.getAPIList('/v1/models', Page<ModelInfo>, { query, ...options });
  }
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
    // Nothing traces in the worker (the build replaces @opentelemetry/api with a no-op, opentelemetry-off.ts).
    openTelemetry: false,
    maxRetries: config.maxRetries ?? 2,
    defaultHeaders: { 'X-Api-Key': config.apiKey, Authorization: null },
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
}
