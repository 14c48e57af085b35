// Server-sent events, parsed incrementally: text in any pieces → the `data` of each event. Pure.
import {
  describeLimit,
  MAX_SSE_EVENT_CHARS,
  MAX_SSE_STREAM_BYTES,
  SseLimitError,
  type SseLimits,
} from '../stream-limits';

/** An incremental SSE parser: `push` text as it arrives, `end` at EOF; each returns the completed events' data. */
export interface SseParser {
  push(text: string): string[];
  /** Flushes an event the stream ended without its blank line (some servers do that). */
  end(): string[];
}

export { MAX_SSE_EVENT_CHARS, MAX_SSE_STREAM_BYTES, SseLimitError, type SseLimits };

/**
 * Follows the WHATWG event-stream rules that matter here: lines end in CRLF, LF or CR (a CR at the end of
 * a piece may be half of a CRLF), `data:` lines of one event join with `\n`, a blank line dispatches, lines
 * starting with `:` are comments, other fields (`event`, `id`, `retry`) are ignored. Each piece is scanned
 * once (a line that never ends costs linear time, not quadratic), and a line or an event longer than
 * `maxEventChars` throws `SseLimitError`, so a server cannot fill the worker's memory with one.
 */
export function createSseParser(limits: SseLimits = {}): SseParser {
  const maxChars = limits.maxEventChars ?? MAX_SSE_EVENT_CHARS;
  let buffer = '';
  let data: string[] = [];
  let dataChars = 0;
  let pendingCr = false;

  const refuse = (what: string): never => {
    throw new SseLimitError(describeLimit(what, maxChars, 'characters'));
  };

  const takeLine = (line: string, out: string[]): void => {
    if (line === '') {
      if (data.length > 0) out.push(data.join('\n'));
      data = [];
      dataChars = 0;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    dataChars += value.length + 1;
    if (dataChars > maxChars) refuse('An event of the stream');
    data.push(value);
  };

  return {
    push(text) {
      const out: string[] = [];
      let input = text;
      if (pendingCr && input.startsWith('\n')) input = input.slice(1);
      pendingCr = false;
      const lineEnd = /\r\n|\r|\n/g;
      let start = 0;
      for (;;) {
        const match = lineEnd.exec(input);
        if (!match) break;
        // A lone CR at the very end may be the first half of a CRLF split across pieces.
        if (match[0] === '\r' && match.index === input.length - 1) pendingCr = true;
        const line = buffer + input.slice(start, match.index);
        buffer = '';
        takeLine(line, out);
        start = match.index + match[0].length;
      }
      // What is left holds no line end: only the new piece was searched, never the held part again.
      buffer += input.slice(start);
      if (buffer.length > maxChars) refuse('A line of the stream');
      return out;
    },
    end() {
      const out: string[] = [];
      if (buffer !== '') takeLine(buffer, out);
      buffer = '';
      takeLine('', out);
      return out;
    },
  };
}

/**
 * The `data` of each event of a byte stream, decoded as UTF-8 across piece boundaries. Throws
 * `SseLimitError` once the stream passes `maxStreamBytes` (or a line or event passes `maxEventChars`).
 */
export async function* readSseData(
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limits: SseLimits = {},
): AsyncGenerator<string> {
  const maxBytes = limits.maxStreamBytes ?? MAX_SSE_STREAM_BYTES;
  const decoder = new TextDecoder();
  const parser = createSseParser(limits);
  let bytesRead = 0;
  for await (const bytes of body) {
    bytesRead += bytes.byteLength;
    if (bytesRead > maxBytes) throw new SseLimitError(describeLimit('The stream', maxBytes, 'bytes'));
    yield* parser.push(decoder.decode(bytes, { stream: true }));
  }
  yield* parser.push(decoder.decode());
  yield* parser.end();
}
