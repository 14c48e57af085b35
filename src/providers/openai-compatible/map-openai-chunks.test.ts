import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModelError, type ModelStreamPart } from '../../engine/model/model';
import { createOpenAIStreamMapper, toEngineUsage } from './map-openai-chunks';
import type { OpenAIChunk } from './openai-wire-types';
import { createSseParser } from './parse-sse';

/** A stream as api.openai.com sends it: role chunk, text, two parallel tool calls in pieces, finish, usage, [DONE]. */
const recorded = [
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"content":"Checking Zürich ✓"},"logprobs":null,"finish_reason":null}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_A","type":"function","function":{"name":"demo__weather_get","arguments":""}}]},"logprobs":null,"finish_reason":null}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"ci"}}]},"logprobs":null,"finish_reason":null}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"ty\\": \\"Zürich\\"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_B","type":"function","function":{"name":"demo__clothing_advise","arguments":""}}]},"logprobs":null,"finish_reason":null}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\\"temperatureC\\": 4}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}],"usage":null}',
  'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4o-2024-08-06","choices":[],"usage":{"prompt_tokens":120,"completion_tokens":40,"total_tokens":160,"prompt_tokens_details":{"cached_tokens":64}}}',
  'data: [DONE]',
]
  .map((line) => `${line}\n\n`)
  .join('');

const expected: ModelStreamPart[] = [
  { type: 'response-start', id: 'chatcmpl-1', model: 'gpt-4o-2024-08-06' },
  { type: 'text-start', index: 0 },
  { type: 'text-delta', index: 0, text: 'Checking Zürich ✓' },
  { type: 'block-end', index: 0 },
  { type: 'tool-use-start', index: 1, id: 'call_A', name: 'demo__weather_get' },
  { type: 'tool-input-delta', index: 1, partialJson: '{"ci' },
  { type: 'tool-input-delta', index: 1, partialJson: 'ty": "Zürich"}' },
  { type: 'tool-use-start', index: 2, id: 'call_B', name: 'demo__clothing_advise' },
  { type: 'tool-input-delta', index: 2, partialJson: '{"temperatureC": 4}' },
  { type: 'block-end', index: 1 },
  { type: 'block-end', index: 2 },
  {
    type: 'response-end',
    stopReason: 'tool_use',
    usage: { inputTokens: 56, outputTokens: 40, cacheReadInputTokens: 64 },
  },
];

/** Parses `pieces` of SSE bytes and maps them, as the adapter does. */
function run(pieces: Uint8Array[], createId = () => 'call_generated'): ModelStreamPart[] {
  const decoder = new TextDecoder();
  const parser = createSseParser();
  const mapper = createOpenAIStreamMapper(createId);
  const parts: ModelStreamPart[] = [];
  let done = false;
  const take = (data: string[]) => {
    for (const item of data) {
      if (done) return;
      if (item === '[DONE]') done = true;
      else parts.push(...mapper.map(JSON.parse(item) as OpenAIChunk));
    }
  };
  for (const piece of pieces) take(parser.push(decoder.decode(piece, { stream: true })));
  take(parser.push(decoder.decode()));
  take(parser.end());
  parts.push(...mapper.finish(done));
  return parts;
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(from, point));
    from = point;
  }
  return pieces;
}

const mapAll = (chunks: OpenAIChunk[], sawDone = true, createId = () => 'call_generated') => {
  const mapper = createOpenAIStreamMapper(createId);
  return [...chunks.flatMap((chunk) => mapper.map(chunk)), ...mapper.finish(sawDone)];
};

describe('the Chat Completions stream mapper', () => {
  it('maps a recorded stream: text, parallel tool calls in pieces, usage in the last chunk', () => {
    expect(run([new TextEncoder().encode(recorded)])).toEqual(expected);
  });

  it('gives the same parts however the bytes are split (inside UTF-8 characters and CRLF too)', () => {
    const bytes = new TextEncoder().encode(recorded);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => {
        expect(run(splitAt(bytes, cuts))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    const crlf = new TextEncoder().encode(recorded.replaceAll('\n', '\r\n'));
    for (let cut = 0; cut < crlf.length; cut += 37) expect(run(splitAt(crlf, [cut, cut + 1]))).toEqual(expected);
  });

  it('counts cached tokens apart from input, like the Messages API does', () => {
    expect(toEngineUsage({ prompt_tokens: 100, completion_tokens: 5 })).toEqual({ inputTokens: 100, outputTokens: 5 });
    expect(
      toEngineUsage({ prompt_tokens: 100, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 30 } }),
    ).toEqual({ inputTokens: 70, outputTokens: 5, cacheReadInputTokens: 30 });
  });

  it.each([
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['content_filter', 'refusal'],
    ['tool_calls', 'tool_use'],
  ])('maps finish_reason %s to %s', (finish, stop) => {
    const parts = mapAll([{ choices: [{ index: 0, delta: { content: 'x' }, finish_reason: finish }] }]);
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: stop });
  });

  it('treats a reply with tool calls as tool_use even when the server says stop (older Ollama)', () => {
    const parts = mapAll([
      {
        choices: [
          {
            delta: { tool_calls: [{ function: { name: 'get', arguments: { a: 1 } as unknown as string } }] },
            finish_reason: 'stop',
          },
        ],
      },
    ]);
    expect(parts).toEqual([
      { type: 'response-start' },
      { type: 'tool-use-start', index: 0, id: 'call_generated', name: 'get' },
      { type: 'tool-input-delta', index: 0, partialJson: '{"a":1}' },
      { type: 'block-end', index: 0 },
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 0, outputTokens: 0 } },
    ]);
  });

  it('waits for a tool name that arrives after the first arguments', () => {
    const parts = mapAll([
      { choices: [{ delta: { tool_calls: [{ index: 0, id: 'c1', function: { arguments: '{"a"' } }] } }] },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'get', arguments: ':1}' } }] } }] },
      { choices: [{ delta: {}, finish_reason: 'tool_calls' }] },
    ]);
    expect(parts.slice(1, 4)).toEqual([
      { type: 'tool-use-start', index: 0, id: 'c1', name: 'get' },
      { type: 'tool-input-delta', index: 0, partialJson: '{"a":1}' },
      { type: 'block-end', index: 0 },
    ]);
  });

  it('drops a call that never got a name, with a notice', () => {
    const parts = mapAll([{ choices: [{ delta: { tool_calls: [{ index: 0, id: 'c1' }] }, finish_reason: 'stop' }] }]);
    expect(parts).toContainEqual({
      type: 'notice',
      message: '1 tool call(s) arrived without a function name and were dropped.',
    });
    expect(parts.at(-1)).toMatchObject({ stopReason: 'end_turn' });
  });

  it('refuses a stream that stopped before finish_reason and [DONE]', () => {
    const mapper = createOpenAIStreamMapper(() => 'x');
    mapper.map({ choices: [{ delta: { content: 'Half' } }] });
    expect(() => mapper.finish(false)).toThrow(/broke off mid-stream: the stream ended before it was complete/);
  });

  it('accepts a stream that ended after finish_reason without [DONE]', () => {
    const parts = mapAll([{ choices: [{ delta: { content: 'Hi' }, finish_reason: 'stop' }] }], false);
    expect(parts.at(-1)).toMatchObject({ type: 'response-end', stopReason: 'end_turn' });
  });

  it('turns an error chunk into a ModelError with its type', () => {
    const mapper = createOpenAIStreamMapper(() => 'x');
    let caught: unknown;
    try {
      mapper.map({ error: { message: 'The server had an error', type: 'server_error' } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ModelError);
    expect((caught as ModelError).errorType).toBe('server_error');
    expect((caught as ModelError).message).toMatch(/during the stream \(server_error\): The server had an error/);
  });
});

describe('the SSE parser', () => {
  it('joins multi-line data, skips comments and other fields, flushes at EOF', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\nevent: x\nid: 1\ndata: a\ndata:b\n\ndata: c')).toEqual(['a\nb']);
    expect(parser.end()).toEqual(['c']);
  });
});
