import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { convertRequestText } from './convert-request-text';
import { OPTIONS, PNG } from './request-fixtures.test-helper';

/** What the real SDK puts on the wire for `params` (its fetch captured; nothing leaves the process). */
async function sdkBody(params: Anthropic.MessageCreateParamsNonStreaming): Promise<{ body: string; url: string }> {
  let captured: { body: string; url: string } | undefined;
  const client = new Anthropic({
    apiKey: 'sk-ant-api03-NEVER-KEPT',
    fetch: (url, init) => {
      captured = {
        url: url instanceof Request ? url.url : url.toString(),
        body: typeof init?.body === 'string' ? init.body : '',
      };
      return Promise.resolve(
        new Response(
          JSON.stringify({
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: params.model,
            content: [{ type: 'text', text: 'ok' }],
            stop_reason: 'end_turn',
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
      );
    },
  });
  await client.messages.create(params);
  return captured!;
}

const weather = {
  name: 'demo__weather_get',
  description: 'Weather for a city.',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};
const clothing = {
  name: 'clothing_advise',
  description: 'What to wear.',
  input_schema: { type: 'object' as const, properties: {} },
};

// `temperature` is not in this SDK version's type; its wire body still carries it.
const params = {
  temperature: 0.3,
  model: 'claude-sonnet-4-5',
  max_tokens: 2048,
  system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
  tools: [weather, clothing],
  thinking: { type: 'enabled', budget_tokens: 1024 },
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Weather in Oslo and Rome, and what to wear?' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Two cities: call both.', signature: 'sig-1' },
        { type: 'tool_use', id: 'toolu_a', name: 'demo__weather_get', input: { city: 'Oslo' } },
        { type: 'tool_use', id: 'toolu_b', name: 'demo__weather_get', input: { city: 'Rome' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_a', content: '3°C, rain' },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_b',
          content: [{ type: 'text', text: 'unreachable' }],
          is_error: true,
          cache_control: { type: 'ephemeral' },
        },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'redacted_thinking', data: 'ENCRYPTED' },
        { type: 'tool_use', id: 'toolu_c', name: 'clothing_advise', input: {} },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_c',
          content: [
            { type: 'text', text: 'A coat.' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          ],
        },
      ],
    },
  ],
} as Anthropic.MessageCreateParamsNonStreaming;

describe('a Messages API request body (as @anthropic-ai/sdk sends it) becomes a run', () => {
  it('history → rounds with parallel calls, thinking, images and results; settings and tools; cache breakpoints dropped', async () => {
    const { body, url } = await sdkBody(params);
    expect(url).toContain('/v1/messages');
    const out = convertRequestText(
      { request: body },
      { ...OPTIONS, connectedTools: ['demo__weather_get', 'other__x'] },
    );
    if (!out.ok) throw new Error(JSON.stringify(out.problems));
    const { transcript } = out;
    expect(transcript.settings).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      maxRounds: 12,
      maxTokens: 2048,
      temperature: 0.3,
    });
    expect(transcript.system).toBe('Be brief.');
    expect(transcript.tools.map((tool) => tool.name)).toEqual(['demo__weather_get', 'clothing_advise']);
    expect(transcript.rounds).toHaveLength(2);
    const [first, second] = transcript.rounds;
    expect(first!.request.messageCount).toBe(1);
    expect(first!.response!.content[0]).toEqual({
      type: 'thinking',
      thinking: 'Two cities: call both.',
      signature: 'sig-1',
    });
    expect(first!.toolCalls.map((call) => [call.id, call.input, call.status, call.content])).toEqual([
      ['toolu_a', { city: 'Oslo' }, 'ok', [{ type: 'text', text: '3°C, rain' }]],
      ['toolu_b', { city: 'Rome' }, 'tool-error', [{ type: 'text', text: 'unreachable' }]],
    ]);
    expect(second!.response!.content[0]).toEqual({ type: 'redacted_thinking', data: 'ENCRYPTED' });
    expect(second!.toolCalls[0]!.content[1]).toMatchObject({ type: 'image' });
    expect(transcript.messages[0]!.content[1]).toMatchObject({ type: 'image', source: { data: PNG } });
    // The request ends with results: the run has not ended, the next request is Continue live's.
    expect(transcript.finishReason).toBeNull();
    expect(JSON.stringify(transcript)).not.toContain('cache_control');
    expect(out.notes.join(' ')).toMatch(/cache breakpoint/);
    expect(out.tools).toEqual([
      { name: 'demo__weather_get', server: 'demo__weather_get' },
      { name: 'clothing_advise' },
    ]);
  });

  it('a tool matching a connected server tool by its own name takes the exposed name everywhere', async () => {
    const { body } = await sdkBody(params);
    const out = convertRequestText({ request: body }, { ...OPTIONS, connectedTools: ['wardrobe__clothing_advise'] });
    if (!out.ok) throw new Error('refused');
    expect(out.transcript.tools.map((tool) => tool.name)).toEqual(['demo__weather_get', 'wardrobe__clothing_advise']);
    expect(out.transcript.rounds[1]!.toolCalls[0]!.name).toBe('wardrobe__clothing_advise');
    expect(JSON.stringify(out.transcript.messages)).not.toContain('"name":"clothing_advise"');
    expect(out.notes.join(' ')).toContain(
      'Answered from the recorded results (no connected server has them): demo__weather_get',
    );
  });

  it('a response (JSON or the captured SSE stream) becomes the last round; its calls are marked not run', async () => {
    const { body } = await sdkBody(params);
    const json = JSON.stringify({
      type: 'message',
      content: [{ type: 'text', text: 'Wear a coat in Oslo.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 50, output_tokens: 9, cache_read_input_tokens: 40 },
    });
    const fromJson = convertRequestText({ request: body, response: json }, OPTIONS);
    if (!fromJson.ok) throw new Error('refused');
    expect(fromJson.transcript.rounds).toHaveLength(3);
    expect(fromJson.transcript.rounds[2]!.response).toMatchObject({
      content: [{ type: 'text', text: 'Wear a coat in Oslo.' }],
      usage: { inputTokens: 50, outputTokens: 9, cacheReadInputTokens: 40 },
    });
    expect(fromJson.transcript.finishReason).toBe('end_turn');

    const sse = [
      'event: message_start',
      'data: {"type":"message_start","message":{"usage":{"input_tokens":50,"output_tokens":1}}}',
      '',
      'event: content_block_start',
      'data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}',
      'data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Check"}}',
      'data: {"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"s9"}}',
      'data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_d","name":"clothing_advise","input":{}}}',
      'data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"for\\":"}}',
      'data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\\"rain\\"}"}}',
      'data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":12}}',
      'event: message_stop',
      'data: {"type":"message_stop"}',
      '',
    ].join('\n');
    const fromSse = convertRequestText({ request: body, response: sse }, OPTIONS);
    if (!fromSse.ok) throw new Error(JSON.stringify(fromSse.problems));
    const last = fromSse.transcript.rounds[2]!;
    expect(last.response!.content).toEqual([
      { type: 'thinking', thinking: 'Check', signature: 's9' },
      { type: 'tool_use', id: 'toolu_d', name: 'clothing_advise', input: { for: 'rain' } },
    ]);
    expect(last.response!.usage).toEqual({ inputTokens: 50, outputTokens: 12 });
    expect(last.toolCalls[0]!.status).toBe('not-executed');
    // Every call has its result, so the history is sendable as is.
    expect(fromSse.transcript.messages.at(-1)!.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_d',
      is_error: true,
    });

    const cut = convertRequestText({ request: body, response: sse.split('event: message_stop')[0]! }, OPTIONS);
    expect(cut).toEqual({ ok: false, problems: [expect.objectContaining({ got: 'a stream cut short' })] });
  });
});
