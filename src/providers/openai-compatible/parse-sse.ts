// Server-sent events, parsed incrementally: text in any pieces → the `data` of each event. Pure.

/** An incremental SSE parser: `push` text as it arrives, `end` at EOF; each returns the completed events' data. */
export interface SseParser {
  push(text: string): string[];
  /** Flushes an event the stream ended without its blank line (some servers do that). */
  end(): string[];
}

/**
 * Follows the WHATWG event-stream rules that matter here: lines end in CRLF, LF or CR (a CR at the end of
 * a piece may be half of a CRLF), `data:` lines of one event join with `\n`, a blank line dispatches, lines
 * starting with `:` are comments, other fields (`event`, `id`, `retry`) are ignored.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let data: string[] = [];
  let pendingCr = false;

  const takeLine = (line: string, out: string[]): void => {
    if (line === '') {
      if (data.length > 0) out.push(data.join('\n'));
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  };

  return {
    push(text) {
      const out: string[] = [];
      let input = text;
      if (pendingCr && input.startsWith('\n')) input = input.slice(1);
      pendingCr = false;
      buffer += input;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone CR at the very end may be the first half of a CRLF split across pieces.
        if (match[0] === '\r' && match.index === buffer.length - 1) pendingCr = true;
        takeLine(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
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

/** The `data` of each event of a byte stream, decoded as UTF-8 across piece boundaries. */
export async function* readSseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const parser = createSseParser();
  for await (const bytes of body) {
    yield* parser.push(decoder.decode(bytes, { stream: true }));
  }
  yield* parser.push(decoder.decode());
  yield* parser.end();
}
