// A hostile OpenAI-compatible server over real HTTP: streams that never stop must end the round with a plain
// error (never a hang, never the worker's memory), while the bytes keep coming so no idle timeout would fire.
import { describe, expect, it } from 'vitest';
import { drainHi, serveEndlessAnswers, createEndlessWriter, type Attack } from '../../../test/support/endless-http';
import { ModelError } from '../../engine/model/model';
import { createOpenAICompatibleModel } from './create-openai-compatible-model';
import { MAX_SSE_EVENT_CHARS, MAX_SSE_STREAM_BYTES } from './parse-sse';
import { MAX_BODY_BYTES } from '../stream-limits';

/** Per path: whether the client closed the answer (a refused stream must not stay open). */
const { written, writeForever } = createEndlessWriter();

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
  const base = serveEndlessAnswers(attacks);

  const stream = async (path: string) => {
    const model = createOpenAICompatibleModel({
      apiKey: '',
      baseUrl: `${base()}${path}`,
      model: 'hostile',
      maxRetries: 0,
    });
    return drainHi(model);
  };
  const closedSoon = (path: string) =>
    expect.poll(() => written.get(`${path}/chat/completions`)?.closed, { timeout: 10_000 }).toBe(true);

  it('a line that never ends is refused at its bound, with a plain error', async () => {
    const { error } = await stream('/endless-line');
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe(
      `A line of the stream is longer than ${MAX_SSE_EVENT_CHARS.toLocaleString('en')} characters: Loupe stopped reading the reply from ${base()}/endless-line.`,
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
      `The reply is longer than ${MAX_BODY_BYTES.toLocaleString('en')} bytes: Loupe stopped reading the reply from ${base()}/endless-error.`,
    );
    await closedSoon('/endless-error');
  });
});
