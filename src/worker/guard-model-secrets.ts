// Keeps the person's key (and secrets in the base URL) out of what a model call says back: a server that
// echoes the request's headers or URL in an error body must not put the key in an alert, a transcript, a
// session record or a report.
import type { Model, ModelRequest, ModelStreamPart } from '../engine/model/model';
import { scrubSecrets, secretList, urlSecrets } from '../shared/scrub-secrets';

/** What must never appear in text coming back from a provider: the key, and each secret part of the base URL. */
export function collectModelSecrets(provider: {
  apiKey?: string;
  baseUrl?: string;
  connectorServers?: readonly { authorizationToken?: string }[];
}): string[] {
  const fromUrl = provider.baseUrl === undefined || provider.baseUrl === '' ? [] : urlSecrets(provider.baseUrl);
  // The MCP connector's tokens too: an API error may quote the request body.
  const tokens = (provider.connectorServers ?? []).map((server) => server.authorizationToken);
  return secretList([provider.apiKey, ...fromUrl, ...tokens]);
}

export { scrubSecrets };

/**
 * `model` whose thrown errors and notices never carry a secret: an error's message is scrubbed in place (its
 * class, status and type are kept, so aborts and retries are recognised as before) and its `cause` — the SDK's
 * error with the response headers — is dropped.
 */
export function guardModelSecrets(model: Model, given: readonly string[] | (() => readonly string[])): Model {
  if (typeof given !== 'function' && given.length === 0) return model;
  // A list that grows during the run (sign-in tokens fetched per request) is read at each use.
  const current = typeof given === 'function' ? given : () => given;
  const scrub = (error: unknown): unknown => {
    const secrets = current();
    if (!(error instanceof Error)) return typeof error === 'string' ? scrubSecrets(error, secrets) : error;
    const message = scrubSecrets(error.message, secrets);
    if (message !== error.message) {
      error.message = message;
      delete (error as { cause?: unknown }).cause;
    }
    return error;
  };
  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    try {
      for await (const part of model.doStream(request, signal)) {
        yield part.type === 'notice' ? { ...part, message: scrubSecrets(part.message, current()) } : part;
      }
    } catch (error) {
      throw scrub(error);
    }
  }
  const countTokens = model.countTokens?.bind(model);
  return {
    provider: model.provider,
    modelId: model.modelId,
    doStream,
    ...(countTokens === undefined
      ? {}
      : {
          countTokens: (request: ModelRequest, signal: AbortSignal) =>
            countTokens(request, signal).catch((error: unknown) => {
              throw scrub(error);
            }),
        }),
  };
}
