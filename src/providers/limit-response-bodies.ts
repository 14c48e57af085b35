// A fetch whose answers are refused past the stream bounds (stream-limits.ts), counted on the bytes as they arrive,
// for an adapter whose SDK reads the body itself (the Anthropic SDK buffers lines and error bodies without a cap).
import {
  describeLimit,
  MAX_BODY_BYTES,
  MAX_SSE_EVENT_CHARS,
  MAX_SSE_STREAM_BYTES,
  SseLimitError,
  type SseLimits,
} from './stream-limits';

/** The bounded fetch, and the bound it refused an answer at, if any. */
export interface ResponseLimiter {
  fetch: typeof fetch;
  /** The error of the last answer refused at a bound (the SDK may have wrapped or swallowed it on its way). */
  exceeded(): SseLimitError | undefined;
}

/**
 * Wraps `base` so each answer's body errors with `SseLimitError` (and its connection is cancelled) once it passes a
 * bound: an event stream at `maxEventChars` bytes in one line or one event (the number `parse-sse.ts` bounds the
 * OpenAI-compatible stream's characters at; a character is at least a byte), or `maxStreamBytes` in all; any other
 * body (an error, a JSON answer) at `maxBodyBytes`.
 */
export function limitResponseBodies(base: typeof fetch, limits: SseLimits = {}): ResponseLimiter {
  let refused: SseLimitError | undefined;
  const limited: typeof fetch = async (input, init) => {
    const response = await base(input, init);
    if (response.body === null) return response;
    const isEventStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const meter = isEventStream ? createSseMeter(limits) : createBodyMeter(limits);
    const body = meterBody(response.body, meter, (error) => {
      refused = error;
    });
    const bounded = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // `new Response` takes no URL: keep the fetched one (the SDK names it in its logs).
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
  return { fetch: limited, exceeded: () => refused };
}

/** Takes each piece of a body; throws `SseLimitError` once the body passes its bound. */
type Meter = (bytes: Uint8Array) => void;

function createBodyMeter(limits: SseLimits): Meter {
  const maxBytes = limits.maxBodyBytes ?? MAX_BODY_BYTES;
  let bytesRead = 0;
  return (bytes) => {
    bytesRead += bytes.byteLength;
    if (bytesRead > maxBytes) throw new SseLimitError(describeLimit('The reply', maxBytes, 'bytes'));
  };
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
/** `data`: the one field whose lines an event keeps (`event`, `id` and comments are not held by a parser). */
const DATA = [0x64, 0x61, 0x74, 0x61];

/**
 * Counts an event stream's lines and events on its bytes, as a parser splits them: lines end in CRLF, LF or CR (a
 * CRLF split across pieces is one ending), a blank line ends an event, an event holds its `data` lines. Counted
 * in bytes, never fewer than the characters they decode to, with native searches for line ends: decoding each
 * piece to count characters would cost seconds for a 128 MiB stream.
 */
function createSseMeter(limits: SseLimits): Meter {
  const maxLine = limits.maxEventChars ?? MAX_SSE_EVENT_CHARS;
  const maxBytes = limits.maxStreamBytes ?? MAX_SSE_STREAM_BYTES;
  let bytesRead = 0;
  let lineBytes = 0;
  let eventBytes = 0;
  let pendingCr = false;
  // How far the line's start matches `data` (0–4); 5 once it is a data line; -1 once it cannot be one.
  let field = 0;
  const addToLine = (bytes: Uint8Array, from: number, to: number): void => {
    for (let index = from; index < to && field >= 0 && field < 5; index += 1) {
      const byte = bytes[index];
      field = field < 4 ? (byte === DATA[field] ? field + 1 : -1) : byte === COLON ? 5 : -1;
    }
    lineBytes += to - from;
    if (lineBytes > maxLine) throw new SseLimitError(describeLimit('A line of the stream', maxLine, 'bytes'));
  };
  const endLine = (): void => {
    if (lineBytes === 0) eventBytes = 0;
    else if (field === 4 || field === 5) {
      // Data lines join with a line end, as a parser joins them.
      eventBytes += (eventBytes === 0 ? 0 : 1) + lineBytes;
      if (eventBytes > maxLine) throw new SseLimitError(describeLimit('An event of the stream', maxLine, 'bytes'));
    }
    lineBytes = 0;
    field = 0;
  };
  return (bytes) => {
    bytesRead += bytes.byteLength;
    if (bytesRead > maxBytes) throw new SseLimitError(describeLimit('The stream', maxBytes, 'bytes'));
    let start = 0;
    if (bytes.length === 0) return;
    // A CR that ended the last piece may be the first half of a CRLF.
    if (pendingCr && bytes[0] === LF) start = 1;
    pendingCr = false;
    let nextLf = bytes.indexOf(LF, start);
    let nextCr = bytes.indexOf(CR, start);
    while (nextLf !== -1 || nextCr !== -1) {
      const end = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
      addToLine(bytes, start, end);
      endLine();
      start = end + 1;
      if (end === nextCr) {
        if (end === bytes.length - 1) pendingCr = true;
        else if (bytes[start] === LF) start += 1;
        nextCr = bytes.indexOf(CR, start);
      }
      if (nextLf !== -1 && nextLf < start) nextLf = bytes.indexOf(LF, start);
    }
    addToLine(bytes, start, bytes.length);
  };
}

/** `source` passed through `meter`; a refused piece cancels the source (the connection) and errors the copy. */
function meterBody(
  source: ReadableStream<Uint8Array>,
  meter: Meter,
  onRefused: (error: SseLimitError) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      try {
        meter(value);
      } catch (error) {
        if (!(error instanceof SseLimitError)) throw error;
        onRefused(error);
        controller.error(error);
        await reader.cancel(error).catch(() => undefined);
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
