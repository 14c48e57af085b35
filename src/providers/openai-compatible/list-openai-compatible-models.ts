// Lists the models a Chat Completions endpoint offers (GET /models), when it offers the list at all.
import { buildHeaders, normaliseBaseUrl, resolveFetch, type OpenAICompatibleConfig } from './openai-compatible-config';
import { toConnectionError, toOpenAIModelError } from './to-openai-model-error';

export interface OpenAICompatibleModelList {
  models: { id: string; displayName: string }[];
  /** True when the endpoint could not be asked; the person then types the model id. */
  fromFallback: boolean;
  warning?: string;
}

/** The endpoint's models (OpenAI `data[]`, or Ollama's `models[]`), sorted by id; a plain warning when it fails. */
export async function listOpenAICompatibleModels(config: OpenAICompatibleConfig): Promise<OpenAICompatibleModelList> {
  const baseUrl = normaliseBaseUrl(config.baseUrl);
  const url = `${baseUrl}/models`;
  const fallback = (reason: string): OpenAICompatibleModelList => ({
    models: [],
    fromFallback: true,
    warning: `Could not list the models at ${baseUrl}; type the model id. ${reason}`,
  });
  try {
    const response = await resolveFetch(config)(url, { headers: buildHeaders(config.apiKey) });
    const text = await response.text();
    if (!response.ok) {
      return fallback(toOpenAIModelError(response.status, text, null, `GET ${url}`).message);
    }
    const body = JSON.parse(text) as { data?: unknown; models?: unknown };
    const list = Array.isArray(body.data) ? body.data : Array.isArray(body.models) ? body.models : [];
    const ids = list
      .map((entry: unknown) => {
        if (typeof entry !== 'object' || entry === null) return undefined;
        const record = entry as Record<string, unknown>;
        const id = record['id'] ?? record['name'];
        return typeof id === 'string' ? id : undefined;
      })
      .filter((id): id is string => id !== undefined)
      .sort((a, b) => a.localeCompare(b));
    if (ids.length === 0) return fallback('The endpoint listed no models.');
    return { models: ids.map((id) => ({ id, displayName: id })), fromFallback: false };
  } catch (error) {
    if (error instanceof SyntaxError) return fallback('The answer was not JSON.');
    return fallback(toConnectionError(baseUrl, error).message);
  }
}
