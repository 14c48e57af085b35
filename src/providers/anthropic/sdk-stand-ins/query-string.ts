// The Anthropic SDK's query-string builder (`internal/utils/query.mjs`, a vendored `qs` with `arrayFormat:
// 'brackets'`), for what Loupe's client puts in a URL: the model list's `limit` and `after_id`, and any query already
// on a configured base URL. The worker build uses this file in its place (server/vite-sdk-stand-ins-plugin.ts; about
// 2 KB gzip less); tests check it against the real one. Tests run the real module.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * RFC 3986 percent-encoding as `qs` does it: all but letters, digits and `-._~`. A lone surrogate (which `qs`
 * encodes as bytes of a character never sent) is sent as U+FFFD.
 */
function encode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** One value under `prefix`, as `qs` writes it: arrays as `prefix[]`, objects as `prefix[key]`, null as empty. */
function pairs(prefix: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (value === null) return [`${encode(prefix)}=`];
  if (value instanceof Date) return [`${encode(prefix)}=${encode(value.toISOString())}`];
  if (Array.isArray(value)) return value.flatMap((item) => pairs(`${prefix}[]`, item));
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => pairs(`${prefix}[${key}]`, item));
  if (typeof value === 'symbol') return [`${encode(prefix)}=${encode(value.toString())}`];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return [`${encode(prefix)}=${encode(String(value))}`];
  return []; // a function, as qs
}

/** `query` as the SDK's `stringifyQuery` writes it (`a=1&b%5B%5D=x`), keys in their own order, no leading `?`. */
export function stringifyQuery(query: object): string {
  return Object.entries(query)
    .flatMap(([key, value]) => pairs(key, value))
    .join('&');
}
