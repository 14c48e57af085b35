// Pure: the text Loupe is handed — a request (with its response, from the Open a request dialog) — as a transcript.
import { isRecord } from '../../shared/is-record';
import { REQUEST_ENVELOPE_FORMAT } from '../../shared/request-envelope';
import type { TranscriptProblem } from '../transcript/transcript-problem';
import { RequestImportError } from './request-import-error';
import { readProviderRequest, isCurlText } from './read-provider-request';
import { readProviderResponse } from './read-provider-response';
import { requestToTranscript, type RequestTranscript, type RequestTranscriptOptions } from './request-to-transcript';

/** The two texts in `text`: an envelope's, or `text` itself as the request. Undefined when it is not a request. */
export function findRequestTexts(text: string): { request: string; response?: string } | undefined {
  if (isCurlText(text)) return { request: text };
  const head = text.trimStart();
  if (!head.startsWith('{')) return undefined;
  // A Loupe transcript (the usual import, up to 50 MB) is not parsed twice: its format is said at its top level.
  if (/"format"\s*:\s*"loupe-transcript"/.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  if (parsed['format'] === REQUEST_ENVELOPE_FORMAT && typeof parsed['request'] === 'string')
    return {
      request: parsed['request'],
      ...(typeof parsed['response'] === 'string' && parsed['response'].trim() !== ''
        ? { response: parsed['response'] }
        : {}),
    };
  // A provider body: a model and messages, and not a Loupe file of any kind.
  if (parsed['format'] === undefined && typeof parsed['model'] === 'string' && Array.isArray(parsed['messages']))
    return { request: text };
  return undefined;
}

export type RequestConversion = ({ ok: true } & RequestTranscript) | { ok: false; problems: TranscriptProblem[] };

/** Converts request (and response) texts to a transcript; a fault is one problem, never a throw. */
export function convertRequestText(
  texts: { request: string; response?: string },
  options: RequestTranscriptOptions,
): RequestConversion {
  try {
    const { request, baseUrl } = readProviderRequest(texts.request);
    const response = texts.response === undefined ? undefined : readProviderResponse(texts.response, request.provider);
    return { ok: true, ...requestToTranscript(request, response, { ...options, ...(baseUrl ? { baseUrl } : {}) }) };
  } catch (error) {
    if (error instanceof RequestImportError) return { ok: false, problems: [error.problem] };
    throw error;
  }
}
