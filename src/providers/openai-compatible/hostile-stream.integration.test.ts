// A hostile OpenAI-compatible server over real HTTP: streams that never stop must end the round with a plain
// error (never a hang, never the worker's memory), while the bytes keep coming so no idle timeout would fire.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError, type ModelStreamPart } from '../../engine/model/model';
import { createOpenAICompatibleModel } from './create-openai-compatible-model';
import { MAX_SSE_EVENT_CHARS, MAX_SSE_STREAM_BYTES } from './parse-sse';
import { MAX_BODY_BYTES } from '../stream-limits';

type Attack = (response: ServerResponse) => void;

/** Paths whose answer the client closed (a refused stream must not stay open). */
const closed: string[] = [];

/** Writes `piece` until the client goes away, waiting for the socket to drain (the client sets the pace). */
function writeForever(response: ServerResponse, piece: string): void {
  response.once('close', () => closed.push(response.req.url ?? ''));
  const next = () => {
    while (!response.destroyed && response.write(piece));
    if (!response.destroyed) response.once('drain', next);
  };
  next();
}

const attacks: Record<string, Attack> = {
  '/endless-line/chat/completions': (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('data: {"choices":[{"index":0,"delta":{"content":"');
    writeForever(response, 'x'.repeat(64 * 1024));
  },
  '/endless-stream/chat/completions': (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"}}]}\n\n');
    writeForever(response, `: ${'p'.repeat(1024 * 1024)}\n`);
  },
  '/endless-error/chat/completions': (response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.write('{"error":{"message":"');
    writeForever(response, 'e'.repeat(1024 * 1024));
  },
  '/endless-json/chat/completions': (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"choices":[{"message":{"content":"');
    writeForever(response, 'j'.repeat(1024 * 1024));
  },
};

describe('a hostile OpenAI-compatible server', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      const attack = attacks[request.url ?? ''];
      if (attack === undefined) response.writeHead(404).end();
      else attack(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const stream = async (path: string) => {
    const model = createOpenAICompatibleModel({
      apiKey: '',
      baseUrl: `${base}${path}`,
      model: 'hostile',
      maxRetries: 0,
    });
    const parts: ModelStreamPart[] = [];
    const request = {
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }],
      tools: [],
      maxTokens: 100,
    };
    try {
      for await (const part of model.doStream(request, new AbortController().signal)) parts.push(part);
    } catch (error) {
      return { parts, error };
    }
    return { parts, error: undefined };
  };
  const closedSoon = (path: string) =>
    expect.poll(() => closed, { timeout: 10_000 }).toContain(`${path}/chat/completions`);

  it('a line that never ends is refused at its bound, with a plain error', async () => {
    const { error } = await stream('/endless-line');
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe(
      `A line of the stream is longer than ${MAX_SSE_EVENT_CHARS.toLocaleString('en')} characters: Loupe stopped reading the reply from ${base}/endless-line.`,
    );
    await closedSoon('/endless-line');
  });

  it('a stream that never stops is refused at its byte bound, after the text it did send', async () => {
    const { parts, error } = await stream('/endless-stream');
    expect(parts).toContainEqual(expect.objectContaining({ type: 'text-delta', text: 'Hi' }));
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toContain(
      `The stream is longer than ${MAX_SSE_STREAM_BYTES.toLocaleString('en')} bytes: Loupe stopped reading`,
    );
    await closedSoon('/endless-stream');
  });

  it('a JSON answer (stream: true ignored) that never ends is refused the same way', async () => {
    const { error } = await stream('/endless-json');
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toContain(
      `The reply is longer than ${MAX_SSE_STREAM_BYTES.toLocaleString('en')} bytes: Loupe stopped reading`,
    );
    await closedSoon('/endless-json');
  });

  it('an error body that never ends is refused at the body bound, with its status', async () => {
    const { error } = await stream('/endless-error');
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).status).toBe(400);
    expect((error as Error).message).toBe(
      `The reply is longer than ${MAX_BODY_BYTES.toLocaleString('en')} bytes: Loupe stopped reading the reply from ${base}/endless-error.`,
    );
    await closedSoon('/endless-error');
  });
});
