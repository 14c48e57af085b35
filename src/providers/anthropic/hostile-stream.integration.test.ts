// A hostile Messages API over real HTTP: an answer that never stops (a line, an event, a stream, an error body) must
// end the round with a plain error once it passes its bound, the connection closed, never the worker's memory.
import { describe, expect, it } from 'vitest';
import {
  drainHi,
  serveEndlessAnswers,
  sseEvent,
  createEndlessWriter,
  type Attack,
} from '../../../test/support/endless-http';
import { ModelError } from '../../engine/model/model';
import { MAX_BODY_BYTES, MAX_SSE_EVENT_CHARS, MAX_SSE_STREAM_BYTES } from '../stream-limits';
import { createAnthropicModel } from './create-anthropic-model';

/** Per attack: the bytes written before the client went away (a refused answer must not stay open). */
const { written, writeForever } = createEndlessWriter();

const start =
  sseEvent('message_start', {
    type: 'message_start',
    message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], usage: { input_tokens: 1 } },
  }) +
  sseEvent('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'text', text: '' },
  }) +
  sseEvent('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } });
const eventStream = { 'content-type': 'text/event-stream' };

const attacks: Record<string, Attack> = {
  '/endless-line/v1/messages': (response) => {
    response.writeHead(200, eventStream);
    response.write(
      `${start}event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"text":"`,
    );
    writeForever(response, 'x'.repeat(64 * 1024));
  },
  '/endless-event/v1/messages': (response) => {
    response.writeHead(200, eventStream);
    response.write(`${start}event: content_block_delta\n`);
    writeForever(response, `data: ${'d'.repeat(1024 * 1024)}\n`);
  },
  '/endless-stream/v1/messages': (response) => {
    response.writeHead(200, eventStream);
    response.write(start);
    writeForever(response, sseEvent('ping', { type: 'ping', pad: 'p'.repeat(1024 * 1024) }));
  },
  '/endless-error/v1/messages': (response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.write('{"type":"error","error":{"type":"invalid_request_error","message":"');
    writeForever(response, 'e'.repeat(1024 * 1024));
  },
};

// Reading 128 MiB through the SDK takes seconds on a busy machine: room enough that only a hang fails.
describe('a hostile Messages API', { timeout: 120_000 }, () => {
  const base = serveEndlessAnswers(attacks);

  const stream = async (path: string) => {
    const model = createAnthropicModel({ apiKey: 'sk-test', baseUrl: `${base()}${path}`, model: 'm', maxRetries: 0 });
    return drainHi(model);
  };

  /** The server saw the connection closed, having written little past the bound (socket buffers aside). */
  const closedNear = async (path: string, bound: number) => {
    await expect.poll(() => written.get(`${path}/v1/messages`)?.closed, { timeout: 10_000 }).toBe(true);
    expect(written.get(`${path}/v1/messages`)?.bytes).toBeLessThan(bound + 32 * 1024 * 1024);
  };

  it('a line that never ends is refused at its bound, with a plain error', async () => {
    const { parts, error } = await stream('/endless-line');
    expect(parts).toContainEqual(expect.objectContaining({ type: 'text-delta', text: 'Hi' }));
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe(
      `A line of the stream is longer than ${MAX_SSE_EVENT_CHARS.toLocaleString('en')} bytes: Loupe stopped reading the reply from ${base()}/endless-line.`,
    );
    await closedNear('/endless-line', MAX_SSE_EVENT_CHARS);
  });

  it('an event of data lines that never ends is refused at the same bound', async () => {
    const { error } = await stream('/endless-event');
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toContain(
      `An event of the stream is longer than ${MAX_SSE_EVENT_CHARS.toLocaleString('en')} bytes: Loupe stopped`,
    );
    await closedNear('/endless-event', MAX_SSE_EVENT_CHARS);
  });

  it('a stream of events that never stops is refused at its byte bound, after the text it did send', async () => {
    const { parts, error } = await stream('/endless-stream');
    expect(parts).toContainEqual(expect.objectContaining({ type: 'text-delta', text: 'Hi' }));
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe(
      `The stream is longer than ${MAX_SSE_STREAM_BYTES.toLocaleString('en')} bytes: Loupe stopped reading the reply from ${base()}/endless-stream.`,
    );
    await closedNear('/endless-stream', MAX_SSE_STREAM_BYTES);
  });

  it('an error body that never ends is refused at the body bound, the request still recorded', async () => {
    const { parts, error } = await stream('/endless-error');
    const sent = parts.find((part) => part.type === 'request-sent');
    expect(sent?.type === 'request-sent' ? sent.request.response : undefined).toEqual({ status: 400 });
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe(
      `The reply is longer than ${MAX_BODY_BYTES.toLocaleString('en')} bytes: Loupe stopped reading the reply from ${base()}/endless-error.`,
    );
    await closedNear('/endless-error', MAX_BODY_BYTES);
  });
});
