import { describe, expect, it } from 'vitest';
import { MAX_REWRITTEN_EVENT_CHARS, rewriteSseEvents } from './rewrite-sse-events';

const encoder = new TextEncoder();

/** `text` as a body arriving in pieces of `size` bytes. */
function bodyOf(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const upper = (data: string) => (data.startsWith('log') ? data.toUpperCase() : undefined);

describe('rewriteSseEvents', () => {
  it.each([1, 3, 1024])('passes untouched events byte for byte, in pieces of %i bytes', async (size) => {
    const text =
      ': hello\n\nid: 1\nevent: message\ndata: {"a":1}\n\nretry: 100\r\ndata: x\r\ndata: y\r\n\r\ndata: é€\r\r';
    expect(await read(rewriteSseEvents(bodyOf(text, size), upper))).toBe(text);
  });

  it.each([1, 5, 1024])('rewrites a chosen event and keeps its other lines, in pieces of %i bytes', async (size) => {
    const text = 'id: 7\ndata: {"keep":1}\n\nid: 8\nevent: message\ndata: log one\n\ndata: tail';
    expect(await read(rewriteSseEvents(bodyOf(text, size), upper))).toBe(
      'id: 7\ndata: {"keep":1}\n\nid: 8\nevent: message\ndata: LOG ONE\n\ndata: tail',
    );
  });

  it('joins an event’s data lines before asking, and takes CRLF endings', async () => {
    const seen: string[] = [];
    const text = 'data: log\r\ndata: two\r\n\r\n';
    const out = await read(rewriteSseEvents(bodyOf(text, 2), (data) => (seen.push(data), upper(data))));
    expect(seen).toEqual(['log\ntwo']);
    expect(out).toBe('data: LOG\ndata: TWO\n\n');
  });

  it('passes an event past the cap through as it streams, and rewrites the next one', async () => {
    const big = `data: log ${'x'.repeat(MAX_REWRITTEN_EVENT_CHARS)}`;
    expect(await read(rewriteSseEvents(bodyOf(`${big}\n\ndata: log small\n\n`, 65_536), upper))).toBe(
      `${big}\n\ndata: LOG SMALL\n\n`,
    );
    // The body never ends, yet what came of the big event is already readable.
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(big));
      },
    });
    const { value } = await rewriteSseEvents(endless, upper).getReader().read();
    expect(new TextDecoder().decode(value)).toBe(big);
  });

  it('passes on an error of the body', async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: log\n\n'));
        controller.error(new Error('cut'));
      },
    });
    await expect(read(rewriteSseEvents(failing, upper))).rejects.toThrow('cut');
  });
});
