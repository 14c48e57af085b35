// Keeps the person's key (and secrets in the base URL) out of what a model call says back: a server that
// echoes the request's headers or URL in an error body must not put the key in an alert, a transcript, a
// session record or a report.
import type { Model, ModelRequest, ModelStreamPart } from '../engine/model/model';
import { REDACTED } from '../shared/redact-url';

/**
 * Shorter values are left alone: replacing a two-letter query value everywhere would garble the message, and
 * no real key is that short.
 */
const MIN_SECRET_LENGTH = 6;

/** What must never appear in text coming back from a provider: the key, and each secret part of the base URL. */
export function collectModelSecrets(provider: { apiKey?: string; baseUrl?: string }): string[] {
  const secrets = new Set<string>();
  const add = (value: string | undefined): void => {
    const trimmed = value?.trim() ?? '';
    if (trimmed.length >= MIN_SECRET_LENGTH) secrets.add(trimmed);
  };
  add(provider.apiKey);
  if (provider.baseUrl !== undefined && provider.baseUrl !== '') {
    for (const part of urlSecrets(provider.baseUrl)) {
      add(part);
      add(safeDecode(part));
    }
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** `text` with every secret replaced by `REDACTED`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) scrubbed = scrubbed.split(secret).join(REDACTED);
  return scrubbed;
}

/**
 * `model` whose thrown errors and notices never carry a secret: an error's message is scrubbed in place (its
 * class, status and type are kept, so aborts and retries are recognised as before) and its `cause` — the SDK's
 * error with the response headers — is dropped.
 */
export function guardModelSecrets(model: Model, secrets: readonly string[]): Model {
  if (secrets.length === 0) return model;
  const scrub = (error: unknown): unknown => {
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
        yield part.type === 'notice' ? { ...part, message: scrubSecrets(part.message, secrets) } : part;
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

/** User info, query values and fragment: what `redactUrl` hides, as the raw strings to look for. */
function urlSecrets(url: string): string[] {
  const secrets: string[] = [];
  try {
    const parsed = new URL(url);
    secrets.push(parsed.username, parsed.password, parsed.hash.slice(1));
    for (const [, value] of parsed.searchParams) secrets.push(value);
    for (const pair of parsed.search.slice(1).split('&')) {
      if (pair.includes('=')) secrets.push(pair.slice(pair.indexOf('=') + 1));
    }
  } catch {
    // Not a URL: no request reaches it, so no answer can echo it.
  }
  return secrets.filter((secret) => secret !== '');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
