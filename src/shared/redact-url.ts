// Pure: a URL with its secrets replaced, for every place a URL is written down. Imports nothing.

/** What stands where a secret was. */
export const REDACTED = 'REDACTED';

/**
 * `url` with its secrets replaced by `REDACTED`: the user info (`user:pass@`), every query value, the
 * fragment, and each path segment listed in `secretSegments` (compared decoded). Names stay (`?api_key=REDACTED`),
 * so a reader sees what was there. A string that is not a URL is redacted by pattern the same way.
 */
export function redactUrl(url: string, secretSegments: readonly string[] = []): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactByPattern(url, secretSegments);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = REDACTED;
    parsed.password = '';
  }
  if (secretSegments.length > 0) {
    const secrets = new Set(secretSegments.filter((segment) => segment !== ''));
    parsed.pathname = parsed.pathname
      .split('/')
      .map((segment) => (secrets.has(safeDecode(segment)) || secrets.has(segment) ? REDACTED : segment))
      .join('/');
  }
  const query = redactQuery(parsed.search, secretSegments);
  const hash = parsed.hash === '' ? '' : `#${REDACTED}`;
  const redacted = `${withUserInfo(parsed)}${parsed.pathname}${query}${hash}`;
  // Nothing secret: the URL is written as the person typed it (no normalisation such as a trailing slash).
  return redacted === normaliseForCompare(url) ? url : redacted;
}

/** True when `redactUrl` would change `url`: it holds something that must not be written down. */
export function hasUrlSecrets(url: string, secretSegments: readonly string[] = []): boolean {
  return redactUrl(url, secretSegments) !== url;
}

function normaliseForCompare(url: string): string {
  try {
    const parsed = new URL(url);
    return `${withUserInfo(parsed)}${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

function withUserInfo(parsed: URL): string {
  const user =
    parsed.username === '' ? '' : `${parsed.username}${parsed.password === '' ? '' : `:${parsed.password}`}@`;
  return `${parsed.protocol}//${user}${parsed.host}`;
}

/** A bare query part kept as it is: a flag word (`?debug`, `?read-only`), never a token (`?sk_live_4eC39…`). */
const FLAG_WORD = /^[A-Za-z][A-Za-z-]{0,15}$/;

/**
 * `?a=1&debug&sk_live_x` → `?a=REDACTED&debug&REDACTED`: names kept, values replaced, the order kept. A bare
 * part is a secret too (servers take `?<token>`), unless it is a short flag word. A value that is itself an
 * http(s) URL (a relay's `?url=` — the CORS helper's) is redacted as a URL instead, with the same secret path
 * segments, so the target stays readable and its own secrets do not.
 */
function redactQuery(search: string, secretSegments: readonly string[]): string {
  if (search === '' || search === '?') return search;
  const parts = search
    .slice(1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair === '' || FLAG_WORD.test(safeDecode(pair)) ? pair : REDACTED;
      if (equals === pair.length - 1) return pair;
      const value = safeDecode(pair.slice(equals + 1));
      const nested = /^https?:\/\//i.test(value) ? encodeURIComponent(redactUrl(value, secretSegments)) : REDACTED;
      return `${pair.slice(0, equals)}=${nested}`;
    });
  return `?${parts.join('&')}`;
}

function redactByPattern(text: string, secretSegments: readonly string[]): string {
  let redacted = text
    .replace(/\/\/[^/?#@\s]*@/g, `//${REDACTED}@`)
    .replace(/([?&][^=&#\s]*=)[^&#\s]+/g, `$1${REDACTED}`)
    .replace(/([?&])([^=&#\s]+)(?=[&#\s]|$)/g, (whole, mark: string, bare: string) =>
      FLAG_WORD.test(bare) ? whole : `${mark}${REDACTED}`,
    )
    .replace(/#.*$/s, `#${REDACTED}`);
  for (const segment of secretSegments) if (segment !== '') redacted = redacted.split(segment).join(REDACTED);
  return redacted;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
