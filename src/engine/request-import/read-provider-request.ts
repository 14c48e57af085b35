// Pure: a pasted request — a `curl` command or a JSON body, either provider — read into Loupe's terms.
import { isRecord } from '../../shared/is-record';
import { describeValue } from '../transcript/transcript-problem';
import type { ImportedProvider, ImportedRequest } from './imported-request';
import { parseCurlCommand } from './parse-curl-command';
import { readAnthropicRequest } from './read-anthropic-request';
import { readChatRequest } from './read-chat-request';
import { readJsonBody } from './read-json-body';
import { refuse } from './request-import-error';

/** The request read, and the base URL it went to when a curl said (secrets redacted; default endpoints left out). */
export interface ReadRequest {
  request: ImportedRequest;
  baseUrl?: string;
}

const DEFAULT_BASES = new Set(['https://api.anthropic.com', 'https://api.openai.com/v1']);

/** Which provider a body is for: the URL's path when a curl gives one, else the body's shape. */
function providerOf(body: Record<string, unknown>, url: string | undefined): ImportedProvider {
  if (url && /\/v1\/messages(\?|$)/.test(url)) return 'anthropic';
  if (url && /\/chat\/completions(\?|$)/.test(url)) return 'openai-compatible';
  const messages = Array.isArray(body['messages']) ? body['messages'] : [];
  const chatShaped = messages.some(
    (message) =>
      isRecord(message) &&
      (message['role'] === 'system' ||
        message['role'] === 'developer' ||
        message['role'] === 'tool' ||
        message['tool_calls'] !== undefined),
  );
  const chatTools =
    Array.isArray(body['tools']) && body['tools'].some((tool) => isRecord(tool) && tool['type'] === 'function');
  if (chatShaped || chatTools || body['max_completion_tokens'] !== undefined || body['stream_options'] !== undefined)
    return 'openai-compatible';
  if (body['max_tokens'] !== undefined || body['system'] !== undefined || body['anthropic_version'] !== undefined)
    return 'anthropic';
  return 'openai-compatible';
}

/** The base URL a provider adapter takes for `url` (the endpoint's path removed), or undefined for the default. */
function baseUrlOf(url: string): string | undefined {
  const base = url.replace(/\?.*$/, '').replace(/\/(v1\/messages|chat\/completions)$/, '');
  return DEFAULT_BASES.has(base) ? undefined : base;
}

/** True when `text` looks like a curl command (its first word, after comment lines). */
export function isCurlText(text: string): boolean {
  return /^(?:\s*#[^\n]*\n)*\s*curl\s/.test(text);
}

/** Reads `text`: a curl (never run; its key dropped) or a JSON body. Faults throw RequestImportError. */
export function readProviderRequest(text: string): ReadRequest {
  let bodyText = text;
  let url: string | undefined;
  if (isCurlText(text)) {
    const curl = parseCurlCommand(text);
    bodyText = curl.body;
    url = curl.url;
  }
  const body = readJsonBody(bodyText, url ? '(curl body)' : '(request)');
  if (!Array.isArray(body['messages']))
    refuse(
      'messages',
      'the request’s messages (a Messages API or Chat Completions body)',
      describeValue(body['messages']),
    );
  const provider = providerOf(body, url);
  const request = provider === 'anthropic' ? readAnthropicRequest(body) : readChatRequest(body);
  const baseUrl = url ? baseUrlOf(url) : undefined;
  return baseUrl ? { request, baseUrl } : { request };
}
