// Lists the models an Anthropic endpoint offers (GET /v1/models), with a fallback list when it cannot.
import { createAnthropicClient, defaultAnthropicBaseUrl, type AnthropicConfig } from './anthropic-config';
import { fallbackAnthropicModels, type AnthropicModelInfo } from './fallback-anthropic-models';
import { toModelError } from './to-model-error';
import { limitResponseBodies } from '../limit-response-bodies';

export interface AnthropicModelList {
  models: AnthropicModelInfo[];
  /** True when the list is the built-in one because the endpoint could not be asked. */
  fromFallback: boolean;
  /** Why the fallback was used, in plain words. */
  warning?: string;
}

/** At most this many models are read (a few pages); the API lists newest first. */
const maxModels = 200;

/** The endpoint's models, or the built-in list with a warning when the request fails or returns none. */
export async function listAnthropicModels(config: AnthropicConfig): Promise<AnthropicModelList> {
  // No key yet: the endpoint would refuse the request, and a warning before anyone typed a key is noise.
  if (config.apiKey.trim() === '') return { models: [...fallbackAnthropicModels], fromFallback: true };
  const baseUrl = config.baseUrl ?? defaultAnthropicBaseUrl;
  const fallback = (reason: string): AnthropicModelList => ({
    models: [...fallbackAnthropicModels],
    fromFallback: true,
    warning: `Could not list the models at ${baseUrl}, so a built-in list is shown. ${reason}`,
  });
  try {
    // A page is one JSON answer, read whole: bounded like any other (limit-response-bodies.ts).
    const fetchModels = limitResponseBodies(config.fetch ?? ((input, init) => fetch(input, init))).fetch;
    const client = createAnthropicClient({ ...config, maxRetries: config.maxRetries ?? 0, fetch: fetchModels });
    const models: AnthropicModelInfo[] = [];
    for await (const info of client.listModels({ limit: 100 })) {
      models.push({ id: info.id, displayName: info.display_name || info.id });
      if (models.length >= maxModels) break;
    }
    if (models.length === 0) return fallback('The endpoint returned no models.');
    return { models, fromFallback: false };
  } catch (error) {
    return fallback(toModelError(error, baseUrl).message);
  }
}
