// Pure: finding the person's secrets (keys, credential headers, the secret parts of URLs) in text Loupe writes
// out, and replacing them with `REDACTED`. Imports only redact-url's marker.
import { REDACTED } from './redact-url';

/**
 * Shorter values are left alone: replacing a two-letter query value everywhere would garble the text, and no
 * real key is that short.
 */
export const MIN_SECRET_LENGTH = 6;

/** User info, query values and fragment: what `redactUrl` hides, as the raw strings to look for (decoded too). */
export function urlSecrets(url: string, secretSegments: readonly string[] = []): string[] {
  const secrets: string[] = [...secretSegments];
  try {
    const parsed = new URL(url);
    secrets.push(parsed.username, parsed.password, parsed.hash.slice(1));
    for (const [, value] of parsed.searchParams) secrets.push(value);
    for (const pair of parsed.search.slice(1).split('&')) {
      if (pair.includes('=')) secrets.push(pair.slice(pair.indexOf('=') + 1));
    }
  } catch {
    // Not a URL: no request reaches it, so nothing can echo it.
  }
  return secrets.flatMap((secret) => [secret, safeDecode(secret)]).filter((secret) => secret !== '');
}

/** The distinct secrets among `values` worth looking for (trimmed, at least `MIN_SECRET_LENGTH` long), longest first. */
export function secretList(values: Iterable<string | undefined>): string[] {
  const secrets = new Set<string>();
  for (const value of values) {
    const trimmed = value?.trim() ?? '';
    if (trimmed.length >= MIN_SECRET_LENGTH) secrets.add(trimmed);
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
 * `value` (JSON-like: objects, arrays, strings, numbers…) with every secret in its strings and object keys
 * replaced by `REDACTED`, and how many strings changed. Unchanged parts are returned as they were (the input
 * is never modified), so nothing is copied when nothing is secret.
 */
export function scrubSecretsDeep<T>(value: T, secrets: readonly string[]): { value: T; replaced: number } {
  if (secrets.length === 0) return { value, replaced: 0 };
  let replaced = 0;
  const scrubString = (text: string): string => {
    const scrubbed = scrubSecrets(text, secrets);
    if (scrubbed !== text) replaced += 1;
    return scrubbed;
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubString(node);
    if (Array.isArray(node)) {
      const items = node.map(walk);
      return items.some((item, index) => item !== node[index]) ? items : node;
    }
    if (typeof node !== 'object' || node === null || Object.getPrototypeOf(node) !== Object.prototype) return node;
    let changed = false;
    const entries = Object.entries(node).map(([key, item]) => {
      const next: [string, unknown] = [scrubString(key), walk(item)];
      if (next[0] !== key || next[1] !== item) changed = true;
      return next;
    });
    // fromEntries defines own properties, so a `__proto__` key stays a key.
    return changed ? Object.fromEntries(entries) : node;
  };
  return { value: walk(value) as T, replaced };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
