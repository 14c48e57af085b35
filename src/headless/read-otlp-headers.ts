// The headers `--otlp` sends to its collector, from LOUPE_OTLP_HEADERS in the form OTEL_EXPORTER_OTLP_HEADERS takes
// (`name=value,name2=value2`, values percent-encoded): the environment, never the suite file, so a suite cannot
// choose them, and they go only to the endpoint named on the command line. Pure.

/** The variable the runner reads the collector's headers from. */
export const OTLP_HEADERS_VARIABLE = 'LOUPE_OTLP_HEADERS';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The headers in `text`, or a sentence naming the entry that is wrong (never its value: it may be a key). */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> | string {
  const headers: Record<string, string> = {};
  if (text === undefined || text.trim() === '') return headers;
  const entries = text.split(',').filter((entry) => entry.trim() !== '');
  for (const [index, entry] of entries.entries()) {
    const equals = entry.indexOf('=');
    const name = (equals < 0 ? entry : entry.slice(0, equals)).trim();
    if (equals < 0 || !HEADER_NAME.test(name))
      return `${OTLP_HEADERS_VARIABLE}: entry ${index + 1} is not name=value (names are header tokens).`;
    let value: string;
    try {
      value = decodeURIComponent(entry.slice(equals + 1).trim());
    } catch {
      return `${OTLP_HEADERS_VARIABLE}: the value of ${name} is not percent-encoded correctly.`;
    }
    // A line break in a value would start a header of its own.
    if (/[\r\n\0]/.test(value)) return `${OTLP_HEADERS_VARIABLE}: the value of ${name} holds a line break.`;
    headers[name] = value;
  }
  return headers;
}
