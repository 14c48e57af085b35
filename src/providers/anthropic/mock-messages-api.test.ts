// Tests of the mock Messages API (e2e/fixtures), kept here because Vitest collects src/ and not e2e/.
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../../e2e/fixtures/mock-messages-api';

const key = 'sk-ant-mock';
let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi({ apiKey: key });
});
afterEach(() => api.reset());
afterAll(() => api.close());

const tools = [
  {
    name: 'demo__weather_get',
    description: 'Weather',
    input_schema: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer' } },
      required: ['city', 'unit', 'days'],
    },
  },
  {
    name: 'demo__clothing_advise',
    description: 'Clothes',
    input_schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  },
];

function post(path: string, body: unknown, headers: Record<string, string> = { 'x-api-key': key }): Promise<Response> {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

interface WireMessage {
  content: { type: string; id?: string; name?: string; input?: Record<string, unknown>; text?: string }[];
  stop_reason: string;
}

const message = (messages: unknown[], extra: Record<string, unknown> = {}) => ({
  model: 'claude-x',
  max_tokens: 100,
  messages,
  ...extra,
});

describe('mock Messages API', () => {
  it('accepts the key as x-api-key or as a Bearer token, and refuses others with 401', async () => {
    const body = message([{ role: 'user', content: 'hi' }]);
    expect((await post('/v1/messages', body)).status).toBe(200);
    expect((await post('/v1/messages', body, { authorization: `Bearer ${key}` })).status).toBe(200);
    for (const headers of [{ 'x-api-key': 'nope' }, {}]) {
      const refused = await post('/v1/messages', body, headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      });
    }
  });

  it('answers CORS preflights and sets CORS headers on every response', async () => {
    const preflight = await fetch(`${api.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-api-key,content-type');
    const error = await post('/v1/messages', {}, {});
    expect(error.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('plays a default tool loop: synthesised inputs, then a reply quoting the tool results', async () => {
    const ask = { role: 'user', content: [{ type: 'text', text: 'go' }] };
    const first = (await (await post('/v1/messages', message([ask], { tools }))).json()) as WireMessage;
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content.find((block) => block.type === 'tool_use');
    expect(use).toMatchObject({ name: 'demo__weather_get', input: { city: 'Paris', unit: 'celsius', days: 18 } });
    const history: unknown[] = [
      ask,
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use?.id, content: 'sunny' }] },
    ];
    const second = (await (await post('/v1/messages', message(history, { tools }))).json()) as WireMessage;
    const use2 = second.content.find((block) => block.type === 'tool_use');
    expect(use2).toMatchObject({ name: 'demo__clothing_advise', input: { ok: true } });
    history.push(
      { role: 'assistant', content: second.content },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: use2?.id, content: [{ type: 'text', text: 'wear a hat' }] }],
      },
    );
    const third = (await (await post('/v1/messages', message(history, { tools }))).json()) as WireMessage;
    expect(third.stop_reason).toBe('end_turn');
    expect(third.content[0]?.text).toContain('> sunny');
    expect(third.content[0]?.text).toContain('> wear a hat');
  });

  it('rejects a history that breaks the tool_use / tool_result pairing, as the API does', async () => {
    const broken = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_x', name: 'a', input: {} }] },
      { role: 'user', content: 'no result' },
    ];
    const response = await post('/v1/messages', message(broken));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('toolu_x') as unknown },
    });
  });

  it('refuses tool blocks in the history without tools, and a tool choice without tools, as the API does', async () => {
    const history = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_y', name: 'demo__clothing_advise', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_y', content: 'ok' }] },
    ];
    const bare = await post('/v1/messages', message(history));
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({
      error: { message: 'Requests which include tool_use or tool_result blocks must define tools.' },
    });
    const choice = await post(
      '/v1/messages',
      message([{ role: 'user', content: 'hi' }], { tool_choice: { type: 'none' } }),
    );
    expect(choice.status).toBe(400);
    const kept = await post('/v1/messages', message(history, { tools, tool_choice: { type: 'none' } }));
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as WireMessage).content.map((block) => block.type)).toEqual(['text']);
  });

  it('streams real SSE framing and honours the control API', async () => {
    const control = await post(
      '/__mock/enqueue',
      [{ content: [{ type: 'text', text: 'scripted' }], usage: { input_tokens: 7 } }],
      {},
    );
    expect(await control.json()).toEqual({ queued: 1 });
    const response = await post('/v1/messages', message([{ role: 'user', content: 'hi' }], { stream: true }));
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const sse = await response.text();
    const names = [...sse.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    expect(names).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(sse).toContain('"input_tokens":7');
    const recorded = (await (await fetch(`${api.url}/__mock/requests`)).json()) as { path: string }[];
    expect(recorded.map((request) => request.path)).toEqual(['/v1/messages']);
    await post('/__mock/reset', {}, {});
    expect(api.requests).toHaveLength(0);
  });

  it('counts tokens and sends errors with retry-after', async () => {
    const { max_tokens: _maxTokens, ...countable } = message([{ role: 'user', content: 'hi' }]);
    const counted = (await (await post('/v1/messages/count_tokens', countable)).json()) as { input_tokens: number };
    expect(counted.input_tokens).toBeGreaterThan(0);
    // What the real endpoint refuses: max_tokens or stream, tool_choice without tools, an empty or broken history.
    const refusals = [
      [{ ...countable, max_tokens: 100 }, 'max_tokens: Extra inputs are not permitted'],
      [{ ...countable, stream: true }, 'stream: Extra inputs are not permitted'],
      [{ ...countable, tool_choice: { type: 'auto' } }, 'tool_choice may only be specified while providing tools'],
      [{ ...countable, messages: [] }, 'messages: at least one message is required'],
      [{ model: 'claude-x' }, 'messages: Field required'],
    ] as const;
    for (const [body, error] of refusals) {
      const refused = await post('/v1/messages/count_tokens', body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(error);
    }
    api.enqueue({ error: { status: 429, type: 'rate_limit_error', message: 'slow down' } });
    const limited = await post('/v1/messages', message([{ role: 'user', content: 'hi' }]));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('writes SSE in pieces of chunkBytes', async () => {
    const small = await startMockMessagesApi({ chunkBytes: 5 });
    try {
      const { port } = new URL(small.url);
      const body = JSON.stringify(message([{ role: 'user', content: 'hi' }], { stream: true }));
      const chunks = await new Promise<Buffer[]>((resolve, reject) => {
        const received: Buffer[] = [];
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-api-key: any\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
          );
        });
        socket.on('data', (chunk: Buffer) => received.push(chunk));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      expect(chunks.length).toBeGreaterThan(50);
      // Each 5-byte write becomes its own HTTP chunk (`5\r\n…\r\n`), so the SSE text is split inside events.
      const raw = Buffer.concat(chunks).toString();
      expect(raw).toContain('\r\n5\r\nevent\r\n');
      const payload = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/(?:^|\r\n)[0-9a-f]+\r\n/g, '');
      expect(payload).toContain('event: message_stop\ndata: {"type":"message_stop"}\n\n');
    } finally {
      await small.close();
    }
  });
});

describe('mock Messages API: a stream held until released', () => {
  it('sends the first events, holds until POST /__mock/release, then finishes the stream', async () => {
    api.enqueue({ content: [{ type: 'text', text: 'Hello there.' }], holdAfterEvents: 4 });
    const response = await post('/v1/messages', message([{ role: 'user', content: 'hi' }], { stream: true }));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    // The first four events (start, ping, block start, first delta) arrive; the stream then stays open with nothing more.
    while ((received.match(/^event: /gm) ?? []).length < 4) {
      const chunk = await reader.read();
      received += decoder.decode(chunk.value, { stream: true });
    }
    expect(received).toContain('event: content_block_delta');
    expect(received).not.toContain('message_stop');
    expect(await (await post('/__mock/held', {})).json()).toEqual({ held: 1 });
    expect(await (await post('/__mock/release', {})).json()).toEqual({ released: 1 });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      received += decoder.decode(chunk.value, { stream: true });
    }
    expect(received).toContain('event: message_stop');
    expect(await (await post('/__mock/held', {})).json()).toEqual({ held: 0 });
  });
});
