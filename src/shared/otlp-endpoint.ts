// Pure: where a person's OTLP/HTTP endpoint sends traces, and whether Loupe may send there at all. Shared: the
// settings field checks it as the person types, the worker and the headless runner before they send.
import { ADDRESS_SPACE_WORDS, addressSpaceOf } from './address-space';

/** An endpoint Loupe may post traces to: the full `/v1/traces` URL and its origin (the headers' only destination). */
export interface OtlpEndpoint {
  tracesUrl: string;
  origin: string;
}

const TRACES_PATH = '/v1/traces';

/**
 * `text` as an OTLP/HTTP endpoint, or a sentence saying why not. A base URL gets `/v1/traces` appended (as
 * `OTEL_EXPORTER_OTLP_ENDPOINT` does); a URL already ending in it is used as is. Refused: anything but http(s);
 * user info in the URL (it would travel in every request and in logs: put it in a header instead); plain http to
 * a host on the internet, since the headers (usually an API key) would cross it in clear text. http on this
 * machine or the local network is allowed: that is where a developer's collector listens.
 */
export function parseOtlpEndpoint(text: string): OtlpEndpoint | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `"${text}" is not a URL: write the collector's address, e.g. http://localhost:4318.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `The OTLP endpoint must be an http(s) URL, not ${url.protocol}`;
  if (url.username !== '' || url.password !== '')
    return 'The OTLP endpoint carries a user name or password: put credentials in the headers instead.';
  const space = addressSpaceOf(url.hostname);
  if (url.protocol === 'http:' && space === 'public')
    return `The OTLP endpoint ${url.origin} is on ${ADDRESS_SPACE_WORDS[space]} over plain http: use https, so its headers do not cross the internet in clear text.`;
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(TRACES_PATH)) url.pathname = `${path}${TRACES_PATH}`;
  return { tracesUrl: url.href, origin: url.origin };
}
