// Pure: one HTTP exchange as a HAR 1.2 entry, its secrets redacted (headers by name, URLs as everywhere).
import { REDACTED, redactUrl } from '../../shared/redact-url';
import type { HarEntry, HarHeader } from './har-file';

/** Headers whose value is a credential or a session handle, whatever it looks like (lower case). */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'mcp-session-id',
]);
/** Any other header whose name says it carries one. */
const SECRET_NAME = /token|secret|password|api[-_]?key|auth|session/i;

/** `headers` as HAR lists them, a credential's value written REDACTED (its name kept, so a reader sees it was there). */
export function redactHarHeaders(headers: Record<string, string>): HarHeader[] {
  return Object.entries(headers).map(([name, value]) => ({
    name,
    value: SECRET_HEADERS.has(name.toLowerCase()) || SECRET_NAME.test(name) ? REDACTED : value,
  }));
}

/** One exchange as Loupe knows it: what went, what came back, when and for how long. */
export interface HttpExchange {
  at: number;
  durationMs: number;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: { mimeType: string; text: string };
  status: number;
  responseHeaders: Record<string, string>;
  responseBody?: { mimeType: string; text: string };
  comment?: string;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 202: 'Accepted', 204: 'No Content' };
const byteLength = (text: string) => new TextEncoder().encode(text).length;

export function buildHarEntry(exchange: HttpExchange): HarEntry {
  const url = redactUrl(exchange.url);
  let queryString: HarHeader[] = [];
  try {
    queryString = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    // Not a URL: no query to list (the URL itself is written redacted by pattern).
  }
  const time = Math.max(0, exchange.durationMs);
  const response = exchange.responseBody;
  return {
    startedDateTime: new Date(exchange.at).toISOString(),
    time,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: redactHarHeaders(exchange.requestHeaders),
      queryString,
      ...(exchange.requestBody ? { postData: exchange.requestBody } : {}),
      headersSize: -1,
      bodySize: exchange.requestBody ? byteLength(exchange.requestBody.text) : 0,
    },
    response: {
      status: exchange.status,
      statusText: STATUS_TEXT[exchange.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: redactHarHeaders(exchange.responseHeaders),
      content: response
        ? { size: byteLength(response.text), mimeType: response.mimeType, text: response.text }
        : { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: response ? byteLength(response.text) : 0,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    ...(exchange.comment === undefined ? {} : { comment: exchange.comment }),
  };
}
