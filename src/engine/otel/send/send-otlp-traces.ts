// Posts one OTLP/JSON trace request to a collector. Pure apart from the injected `fetchFn` (the engine has no
// I/O of its own): the worker and the headless runner hand in theirs. It never throws: a collector that is down
// or refuses must not fail a run, so every failure comes back as a sentence for the person.
import type { OtlpTraceRequest } from '../otlp-json';
import type { OtlpEndpoint } from '../../../shared/otlp-endpoint';

export type OtlpSendResult = { ok: true } | { ok: false; reason: string };

/** How much of a refusal's body is quoted: enough for a collector's message, not a page of HTML. */
const QUOTED_BODY = 300;

async function bodySnippet(response: Response): Promise<string> {
  try {
    const text = (await response.text()).trim().slice(0, QUOTED_BODY);
    return text === '' ? '' : `: ${text}`;
  } catch {
    return '';
  }
}

/**
 * Sends `request` to `endpoint.tracesUrl` as OTLP/HTTP JSON with the person's `headers`. Redirects are refused,
 * not followed: a browser follows one without showing where it leads, and the headers would go with it to
 * another origin. A network failure in a page is most often CORS: the reason says what the collector must allow.
 */
export async function sendOtlpTraces(
  request: OtlpTraceRequest,
  endpoint: OtlpEndpoint,
  headers: Readonly<Record<string, string>>,
  fetchFn: typeof fetch,
): Promise<OtlpSendResult> {
  let response: Response;
  try {
    response = await fetchFn(endpoint.tracesUrl, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(request),
      redirect: 'error',
      credentials: 'omit',
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: `The OTLP endpoint ${endpoint.tracesUrl} could not be reached (${detail}). Is the collector running? From a page, the collector must also allow this page's origin (CORS: answer OPTIONS with Access-Control-Allow-Origin and Access-Control-Allow-Headers for content-type and your headers), and it must not redirect.`,
    };
  }
  if (response.ok) return { ok: true };
  return {
    ok: false,
    reason: `The OTLP endpoint ${endpoint.tracesUrl} refused the trace with HTTP ${response.status}${await bodySnippet(response)}`,
  };
}
