// Rewrites the data of chosen events in a server-sent-events body, passing every other byte through as it came.

/** Ends an event: a blank line, in any of the three line endings SSE allows. */
const EVENT_END = /\r\n\r\n|\n\n|\r\r/;
/** An event longer than this (a large result, say) is passed through as it streams, never offered for rewriting. */
export const MAX_REWRITTEN_EVENT_CHARS = 1_000_000;

/**
 * Each whole event of `body` whose joined `data:` lines `rewrite` answers with new text is sent again with that
 * text as its one `data:` line (its `id:`, `event:`, `retry:` and comment lines kept as they were); every other
 * event, and a last incomplete one, passes unchanged. Only the current event is held, and only until it ends or
 * passes `MAX_REWRITTEN_EVENT_CHARS`. Errors and cancellation travel through.
 */
export function rewriteSseEvents(
  body: ReadableStream<Uint8Array>,
  rewrite: (data: string) => string | undefined,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // The current event so far, kept in pieces: joining a growing string at every chunk would copy it each time.
  let pieces: string[] = [];
  let held = 0;
  // Past the cap: the rest of the current event goes out as it comes.
  let passing = false;
  // The current event's last characters, so an end split across two chunks is still found.
  let carry = '';

  const take = (text: string): string => {
    let out = '';
    let from = 0;
    const window = carry + text;
    const eventEnd = new RegExp(EVENT_END.source, 'g');
    for (let match = eventEnd.exec(window); match !== null; match = eventEnd.exec(window)) {
      const end = match.index + match[0].length - carry.length;
      const event = pieces.join('') + text.slice(from, end);
      out += passing || event.length > MAX_REWRITTEN_EVENT_CHARS ? event : rewriteEvent(event, rewrite);
      pieces = [];
      held = 0;
      passing = false;
      from = end;
    }
    carry = (from > 0 ? text.slice(from) : carry + text).slice(-3);
    const rest = text.slice(from);
    if (passing) return out + rest;
    pieces.push(rest);
    held += rest.length;
    if (held <= MAX_REWRITTEN_EVENT_CHARS) return out;
    passing = true;
    const flushed = pieces.join('');
    pieces = [];
    held = 0;
    return out + flushed;
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            const last = take(decoder.decode());
            const rest = last + pieces.join('');
            pieces = [];
            if (rest !== '') controller.enqueue(encoder.encode(rest));
            controller.close();
            return;
          }
          const out = take(decoder.decode(value, { stream: true }));
          if (out !== '') {
            controller.enqueue(encoder.encode(out));
            return;
          }
        }
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** One whole event (its closing blank line included), rewritten when `rewrite` says so. */
function rewriteEvent(event: string, rewrite: (data: string) => string | undefined): string {
  const lines = event.split(/\r\n|\r|\n/);
  const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, ''));
  if (data.length === 0) return event;
  const replaced = rewrite(data.join('\n'));
  if (replaced === undefined) return event;
  const kept = lines.filter((line) => line !== '' && !line.startsWith('data:'));
  return [...kept, ...replaced.split('\n').map((line) => `data: ${line}`)].join('\n') + '\n\n';
}
