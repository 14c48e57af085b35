import { describe, expect, it } from 'vitest';
import type { Message } from '../message/message';
import { convertToOpenAIMessages } from '../../providers/openai-compatible/convert-to-openai-messages';
import { convertToOpenAITools } from '../../providers/openai-compatible/convert-to-openai-tools';
import { describeSentRequest } from '../../ui/exports/describe-sent-request';
import { buildCurlCommand } from '../../ui/exports/build-curl-command';
import { convertRequestText } from './convert-request-text';
import { OPTIONS, PNG } from './request-fixtures.test-helper';

const history: Message[] = [
  { role: 'user', content: [{ type: 'text', text: 'Oslo and Rome?' }] },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'Both at once.', signature: '' },
      { type: 'tool_use', id: 'call_1', name: 'demo__weather_get', input: { city: 'Oslo' } },
      { type: 'tool_use', id: 'call_2', name: 'demo__weather_get', input: { city: 'Rome' } },
    ],
  },
  {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'call_1',
        content: [
          { type: 'text', text: '3°C' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        ],
      },
      { type: 'tool_result', tool_use_id: 'call_2', content: [{ type: 'text', text: 'down' }], is_error: true },
    ],
  },
];
const tools = [
  {
    name: 'demo__weather_get',
    description: 'Weather.',
    input_schema: { type: 'object', properties: { city: { type: 'string' } } },
  },
];

/** The body Loupe's own Chat Completions adapter posts for the history above. */
const chatBody = () => ({
  model: 'qwen3:8b',
  stream: true,
  stream_options: { include_usage: true },
  max_tokens: 1000,
  messages: convertToOpenAIMessages('Be brief.', history, { vision: true, sendReasoning: true }),
  tools: convertToOpenAITools(tools),
});

describe('a Chat Completions request body (as Loupe’s adapter posts it) becomes a run', () => {
  it('history → rounds: reasoning as thinking, parallel calls, the error result, the tool image', () => {
    const out = convertRequestText({ request: JSON.stringify(chatBody()) }, OPTIONS);
    if (!out.ok) throw new Error(JSON.stringify(out.problems));
    const { transcript } = out;
    expect(transcript.settings).toMatchObject({ provider: 'openai-compatible', model: 'qwen3:8b', maxTokens: 1000 });
    expect(transcript.system).toBe('Be brief.');
    expect(transcript.tools).toEqual(tools);
    expect(transcript.rounds).toHaveLength(1);
    expect(transcript.rounds[0]!.response!.content).toEqual(history[1]!.content);
    expect(transcript.rounds[0]!.toolCalls.map((call) => [call.status, call.content[0]])).toEqual([
      ['ok', { type: 'text', text: '3°C\n[image: sent in the next user message]' }],
      ['tool-error', { type: 'text', text: 'down' }],
    ]);
    // The image follow-up the adapter writes after the tool messages is kept, in the same user turn.
    expect(transcript.messages[2]!.content.some((block) => block.type === 'image')).toBe(true);
  });

  it('Loupe’s own exported curl reads back to the same request, its key variable dropped', () => {
    const described = describeSentRequest('openai-compatible', {
      method: 'POST',
      url: 'http://localhost:11434/v1/chat/completions',
      headers: {},
      auth: { header: 'authorization', scheme: 'Bearer' },
      body: chatBody(),
    });
    if (!described.ok) throw new Error(described.reason);
    const curl = buildCurlCommand(described.request);
    const out = convertRequestText({ request: curl }, OPTIONS);
    if (!out.ok) throw new Error(JSON.stringify(out.problems));
    expect(out.transcript.settings.baseUrl).toBe('http://localhost:11434/v1');
    const direct = convertRequestText({ request: JSON.stringify(chatBody()) }, OPTIONS);
    if (!direct.ok) throw new Error('refused');
    expect(out.transcript.messages).toEqual(direct.transcript.messages);
    expect(out.transcript.rounds).toEqual(direct.transcript.rounds);
    expect(JSON.stringify(out)).not.toContain('OPENAI_API_KEY');
  });

  it('a Chat response, JSON or streamed, becomes the last round', () => {
    const body = JSON.stringify({ ...chatBody(), messages: [...chatBody().messages] });
    const json = JSON.stringify({
      choices: [{ message: { role: 'assistant', content: 'Cold in Oslo.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 30, completion_tokens: 4 },
    });
    const a = convertRequestText({ request: body, response: json }, OPTIONS);
    const sse = [
      'data: {"choices":[{"delta":{"reasoning_content":"hm"}}]}',
      'data: {"choices":[{"delta":{"content":"Cold "}}]}',
      'data: {"choices":[{"delta":{"content":"in Oslo."},"finish_reason":"stop"}]}',
      'data: {"choices":[],"usage":{"prompt_tokens":30,"completion_tokens":4}}',
      'data: [DONE]',
    ].join('\n\n');
    const b = convertRequestText({ request: body, response: sse }, OPTIONS);
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(a.transcript.rounds[1]!.response).toMatchObject({
      content: [{ type: 'text', text: 'Cold in Oslo.' }],
      stopReason: 'end_turn',
      usage: { inputTokens: 30, outputTokens: 4 },
    });
    expect(b.transcript.rounds[1]!.response!.content).toEqual([
      { type: 'thinking', thinking: 'hm', signature: '' },
      { type: 'text', text: 'Cold in Oslo.' },
    ]);
    expect(b.transcript.finishReason).toBe('end_turn');
  });
});
