// Pure: what every export of a round needs: the checked URL, headers, key variable and notes to show.
import type { SentRequest } from '../../engine/model/sent-request';
import { REDACTED } from '../../shared/redact-url';
import { checkExportUrl } from './check-export-url';
import type { WireApi } from './find-sent-request';
import { toCommentText } from './shell-quote';

/** A request ready to be written as an export: every value checked. */
export interface ExportableRequest {
  api: WireApi;
  url: string;
  /** The SDK's base URL (the URL without the API path), or why an SDK cannot be pointed at it. */
  sdkBaseUrl: { ok: true; url: string } | { ok: false; reason: string };
  /** Recorded headers other than the key's, names and values checked. */
  headers: [string, string][];
  /** Where the key goes, or undefined when the request went without one. */
  auth: { header: string; prefix: string; variable: string } | undefined;
  body: Record<string, unknown>;
  /** Plain-text lines to show above the export (and as comments in it): no line breaks in them. */
  notes: string[];
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex -- a header value with a control character is not one curl can send as recorded.
const BAD_VALUE = /[\u0000-\u001f\u007f]/;
const API_PATH: Record<WireApi, string> = { anthropic: '/v1/messages', 'openai-compatible': '/chat/completions' };
const KEY_VARIABLE: Record<WireApi, string> = { anthropic: 'ANTHROPIC_API_KEY', 'openai-compatible': 'OPENAI_API_KEY' };

/** Checks a recorded request for export; a URL or header that is not what it claims refuses the export. */
export function describeSentRequest(
  api: WireApi,
  request: SentRequest,
): { ok: true; request: ExportableRequest } | { ok: false; reason: string } {
  const checked = checkExportUrl(request.url);
  if (!checked.ok) return checked;
  const headers = Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-type');
  for (const [name, value] of headers) {
    if (!TOKEN.test(name) || BAD_VALUE.test(value)) {
      return { ok: false, reason: 'A recorded header is not a valid HTTP header, so the request cannot be exported.' };
    }
  }
  const auth = request.auth;
  if (auth && (!TOKEN.test(auth.header) || (auth.scheme !== undefined && !TOKEN.test(auth.scheme)))) {
    return {
      ok: false,
      reason: 'The recorded key header is not a valid HTTP header, so the request cannot be exported.',
    };
  }
  const notes = [describeMeta(checked.url, request)];
  if (request.track === 'prompted') {
    notes.push(
      'Prompted tools: this model has no native tool calling, so Loupe wrote the tools into the system prompt. This is the request that really went out.',
    );
  }
  if (checked.url.includes(REDACTED)) {
    notes.push(`Secrets in the URL were recorded as ${REDACTED}: put them back before you send it.`);
  }
  if (!auth) notes.push('Sent without a key (a local server that needs none).');
  return {
    ok: true,
    request: {
      api,
      url: checked.url,
      sdkBaseUrl: sdkBaseUrl(api, checked.url),
      headers,
      auth: auth && {
        header: auth.header,
        prefix: auth.scheme === undefined ? '' : `${auth.scheme} `,
        variable: KEY_VARIABLE[api],
      },
      body: request.body,
      notes: notes.map(toCommentText),
    },
  };
}

function describeMeta(url: string, request: SentRequest): string {
  const response = request.response;
  const parts = [`Sent as POST ${url}`];
  if (response) parts.push(`HTTP ${response.status}`);
  if (response?.requestId) parts.push(`request id ${response.requestId}`);
  if (response?.model) parts.push(`answered by ${response.model}`);
  if (!response) parts.push('no HTTP answer');
  return parts.join(' · ');
}

function sdkBaseUrl(api: WireApi, url: string): ExportableRequest['sdkBaseUrl'] {
  const parsed = new URL(url);
  const path = API_PATH[api];
  if (parsed.search !== '' || parsed.hash !== '' || !parsed.pathname.endsWith(path)) {
    return {
      ok: false,
      reason: `The request went to ${url}, which is not a base URL followed by ${path}; the SDK cannot be pointed at it. Use curl.`,
    };
  }
  parsed.pathname = parsed.pathname.slice(0, -path.length) || '/';
  return { ok: true, url: parsed.href.replace(/\/$/, '') };
}
