// How to reach a Chat Completions endpoint (OpenAI, OpenRouter, Ollama, LM Studio, vLLM …).

/** Connection settings. An empty `apiKey` sends no Authorization header (local servers need none). */
export interface OpenAICompatibleConfig {
  apiKey: string;
  /** The API root, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Retries on 408/409/429/5xx before the reply streams, honouring retry-after. Default 2. */
  maxRetries?: number;
  /** For tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export const defaultOpenAIBaseUrl = 'https://api.openai.com/v1';

/** The base URL without trailing slashes, so paths join cleanly. */
export function normaliseBaseUrl(baseUrl: string): string {
  return (baseUrl.trim() || defaultOpenAIBaseUrl).replace(/\/+$/, '');
}

/** Request headers: JSON, and the key as a Bearer token only when there is one. */
export function buildHeaders(apiKey: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (apiKey.trim() !== '') headers['authorization'] = `Bearer ${apiKey.trim()}`;
  return headers;
}

/** The global fetch, bound, so a worker's fetch is not called with another `this`. */
export function resolveFetch(config: OpenAICompatibleConfig): typeof fetch {
  return config.fetch ?? ((input, init) => fetch(input, init));
}
