import { describe, expect, it } from 'vitest';
import { limitResponseBodies } from './limit-response-bodies';
import { SseLimitError } from './stream-limits';

const encoder = new TextEncoder();

/** A fetch answering with `pieces` as the body, recording whether the body was cancelled. */
function answering(pieces: (string | Uint8Array)[], init: ResponseInit = {}) {
  const state = { cancelled: undefined as unknown, pulled: 0 };
  const fetchStub: typeof fetch = () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        state.pulled += 1;
        const piece = pieces[next];
        next += 1;
        if (piece === undefined) controller.close();
        else controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      },
      cancel(reason) {
        state.cancelled = reason;
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' }, ...init }));
  };
  return { fetchStub, state };
}

async function read(response: Response): Promise<string> {
  return response.text();
}

const limits = { maxEventChars: 100, maxStreamBytes: 1000, maxBodyBytes: 50 };

describe('limitResponseBodies', () => {
  it('passes a stream within its bounds through unchanged, with status, headers and URL kept', async () => {
    const text = 'event: a\r\ndata: {"x":1}\r\n\r\n: ping\n\ndata: two\rdata: lines\r\r';
    const { fetchStub } = answering(
      [...text].map((char) => char),
      { status: 201, statusText: 'Made' },
    );
    const limiter = limitResponseBodies(fetchStub, limits);
    const response = await limiter.fetch('http://example.test/v1/messages');
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await read(response)).toBe(text);
    expect(limiter.exceeded()).toBeUndefined();
  });

  it('refuses a line past the bound wherever the pieces are cut, and cancels the source', async () => {
    for (const size of [1, 7, 64]) {
      const line = `data: ${'x'.repeat(200)}`;
      const pieces = line.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? [];
      const { fetchStub, state } = answering(['data: ok\n\n', ...pieces]);
      const limiter = limitResponseBodies(fetchStub, limits);
      const response = await limiter.fetch('http://example.test/');
      await expect(read(response)).rejects.toThrow('A line of the stream is longer than 100 bytes');
      expect(limiter.exceeded()).toBeInstanceOf(SseLimitError);
      expect(state.cancelled).toBe(limiter.exceeded());
    }
  });

  it('counts bytes as they arrive: a character is at least one, so no line passes that holds more characters', async () => {
    const within = `data: ${'é'.repeat(47)}\n\n`; // 100 bytes in the line
    const passed = await read(await limitResponseBodies(answering([within]).fetchStub, limits).fetch('x'));
    expect(passed).toBe(within);
    const past = `data: ${'é'.repeat(47)}!\n\n`; // 101 bytes, 54 characters
    await expect(read(await limitResponseBodies(answering([past]).fetchStub, limits).fetch('x'))).rejects.toThrow(
      'A line of the stream is longer than 100 bytes',
    );
  });

  it('refuses an event whose data lines pass the bound together; other fields and comments are not held', async () => {
    const dataLines = Array.from({ length: 12 }, () => 'data: 0123456789\n').join('');
    await expect(read(await limitResponseBodies(answering([dataLines]).fetchStub, limits).fetch('x'))).rejects.toThrow(
      'An event of the stream is longer than 100 bytes',
    );
    const comments = Array.from({ length: 30 }, () => ': 0123456789\nevent: ping\n').join('');
    expect(await read(await limitResponseBodies(answering([comments]).fetchStub, limits).fetch('x'))).toBe(comments);
    const events = Array.from({ length: 30 }, () => 'data: 0123456789\r\n\r\n').join('');
    const answer = await limitResponseBodies(answering([events]).fetchStub, {
      ...limits,
      maxStreamBytes: 10_000,
    }).fetch('x');
    expect(await read(answer)).toBe(events);
  });

  it('refuses a stream past its byte bound, even in lines and events within theirs', async () => {
    const { fetchStub, state } = answering(Array.from({ length: 100 }, () => 'data: 0123456789\n\n'));
    const limiter = limitResponseBodies(fetchStub, limits);
    await expect(read(await limiter.fetch('x'))).rejects.toThrow('The stream is longer than 1,000 bytes');
    expect(state.pulled).toBeLessThan(100);
    expect(state.cancelled).toBeInstanceOf(SseLimitError);
  });

  it('bounds any other body (an error, a JSON answer) at its own smaller bound', async () => {
    const json = { headers: { 'content-type': 'application/json' }, status: 400 };
    const small = '{"type":"error"}';
    expect(await read(await limitResponseBodies(answering([small], json).fetchStub, limits).fetch('x'))).toBe(small);
    const { fetchStub, state } = answering(['{"error":"', ...Array.from({ length: 10 }, () => 'x'.repeat(10))], json);
    const limiter = limitResponseBodies(fetchStub, limits);
    await expect(read(await limiter.fetch('x'))).rejects.toThrow('The reply is longer than 50 bytes');
    expect(limiter.exceeded()?.message).toBe('The reply is longer than 50 bytes');
    expect(state.cancelled).toBeInstanceOf(SseLimitError);
  });

  it('passes a reader’s cancel on to the source, and leaves answers without a body alone', async () => {
    const { fetchStub, state } = answering(['data: 1\n\n', 'data: 2\n\n']);
    const response = await limitResponseBodies(fetchStub, limits).fetch('x');
    const reader = response.body?.getReader();
    await reader?.read();
    await reader?.cancel('stop');
    expect(state.cancelled).toBe('stop');
    const empty = new Response(null, { status: 204 });
    expect(await limitResponseBodies(() => Promise.resolve(empty)).fetch('x')).toBe(empty);
  });
});
