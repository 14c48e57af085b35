// A fetch that remembers the last request it sent and the status it got: the exact record of a model call.
import type { SentRequest } from '../engine/model/sent-request';
import { redactUrl } from '../shared/redact-url';

/** The wrapped fetch, and the record of the last request that went through it. */
export interface RequestCapture {
  fetch: typeof fetch;
  /** The last request sent (the last attempt when the call was retried), or undefined when none went out. */
  take(): SentRequest | undefined;
}

/** Headers that change what a call means; everything else (SDK telemetry, user agent) is left out. */
const MEANINGFUL_HEADERS = [
  'anthropic-version',
  'anthropic-beta',
  'content-type',
  'openai-organization',
  'openai-project',
];
/** Headers that carry the key: recorded as where the key went, never with their value. */
const KEY_HEADERS = ['x-api-key', 'authorization', 'api-key'];
const REQUEST_ID_HEADERS = ['request-id', 'x-request-id'];

/**
 * Wraps `base` so every request through it is recorded: method, URL (secrets redacted), the headers that
 * matter, where the key went (not the key) and the JSON body, then the answer's status and request id.
 */
export function captureSentRequest(base: typeof fetch): RequestCapture {
  let last: SentRequest | undefined;
  const capturing: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const record = describeRequest(url, init);
    last = record;
    const response = await base(input, init);
    const requestId = REQUEST_ID_HEADERS.map((name) => response.headers.get(name)).find((value) => value !== null);
    if (record) record.response = { status: response.status, ...(requestId ? { requestId } : {}) };
    return response;
  };
  return { fetch: capturing, take: () => last };
}

function describeRequest(url: string, init: RequestInit | undefined): SentRequest | undefined {
  const body = readJsonBody(init?.body);
  if (body === undefined) return undefined;
  const headers = new Headers(init?.headers);
  const kept: Record<string, string> = {};
  for (const name of MEANINGFUL_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  const keyHeader = KEY_HEADERS.find((name) => (headers.get(name) ?? '').trim() !== '');
  const scheme = keyHeader === undefined ? undefined : /^(\S+)\s+\S/.exec(headers.get(keyHeader) ?? '')?.[1];
  return {
    method: 'POST',
    url: redactUrl(url),
    headers: kept,
    ...(keyHeader === undefined ? {} : { auth: { header: keyHeader, ...(scheme ? { scheme } : {}) } }),
    body: redactConnectorTokens(body),
  };
}

/**
 * The MCP connector's tokens (`mcp_servers[].authorization_token`) are recorded as `REDACTED`, like the key: the
 * record goes into the transcript and the session. The servers' URLs are redacted like any URL written down.
 */
function redactConnectorTokens(body: Record<string, unknown>): Record<string, unknown> {
  const servers = body['mcp_servers'];
  if (!Array.isArray(servers)) return body;
  return {
    ...body,
    mcp_servers: servers.map((server: unknown) => {
      if (typeof server !== 'object' || server === null) return server;
      const entry = { ...(server as Record<string, unknown>) };
      if (typeof entry['url'] === 'string') entry['url'] = redactUrl(entry['url']);
      if (entry['authorization_token'] !== undefined) entry['authorization_token'] = 'REDACTED';
      return entry;
    }),
  };
}

function readJsonBody(body: BodyInit | null | undefined): Record<string, unknown> | undefined {
  const text =
    typeof body === 'string' ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : undefined;
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
