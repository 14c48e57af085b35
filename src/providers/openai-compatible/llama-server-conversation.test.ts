// A whole tool loop against llama-server's recorded answers: the requests Loupe sends back must be the ones the
// real server was sent (test/fixtures/llama-server/req-turn*.json) — no "\n" content, no unknown fields.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../../e2e/fixtures/mock-openai-api';
import { runToolLoop } from '../../engine/run/run-tool-loop';
import { collectRun } from '../../engine/testing/collect-run';
import { createFakeEnvironment } from '../../engine/testing/fake-environment';
import { createInMemoryTool } from '../../engine/testing/in-memory-tool';
import { createOpenAICompatibleModel } from './create-openai-compatible-model';

const recording = (name: string): string =>
  readFileSync(new URL(`../../../test/fixtures/llama-server/${name}`, import.meta.url), 'utf8');

/** A recorded request as this run must send it: the recording's tools were exposed as `loupe-demo__…`, its
 * call ids written by hand; the replayed streams name the tools `demo__…` and carry the server's ids. */
function recordedRequest(name: string, ids: string[]): unknown {
  let text = recording(name).replaceAll('loupe-demo__', 'demo__');
  ids.forEach((id, position) => (text = text.replaceAll(`"call_${position + 1}"`, JSON.stringify(id))));
  return JSON.parse(text);
}

const weatherJson = '{"city":"Oslo","temperatureC":24,"conditions":"cloudy","humidity":47,"windKph":0}';
const advice = 'It is warm: a t-shirt and light trousers or a skirt; bring a thin layer for the evening.';
const reasoning = 'Plan - fetch current forecast first; afterwards ask which garments suit it';
const thinkId = '3yGuLHFEKFYoDpufbBX8we4o0vqZlejH';
const turn2Id = 'yK4qKZpvBzIGRYtnwEFOspYIv9lwxuQ7';

const tools = () => [
  createInMemoryTool({
    name: 'demo__weather_get',
    description: 'Get the current weather for a city: temperature in °C, conditions, humidity and wind. Returns JSON.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
    },
    run: () => weatherJson,
  }),
  createInMemoryTool({
    name: 'demo__clothing_advise',
    description: 'Suggest what to wear.',
    inputSchema: {
      type: 'object',
      properties: { temperatureC: { type: 'number' }, conditions: { type: 'string' }, activity: { type: 'string' } },
      required: ['temperatureC', 'conditions'],
    },
    run: () => advice,
  }),
];

let strict: MockOpenAIApi;
let llama: MockOpenAIApi;

beforeAll(async () => {
  // `strict` refuses unknown assistant fields (as Groq and Mistral do); `llama` takes `reasoning_content`.
  [strict, llama] = await Promise.all([
    startMockOpenAIApi(),
    startMockOpenAIApi({ extraAssistantFields: ['reasoning_content'] }),
  ]);
});
afterEach(() => {
  strict.reset();
  llama.reset();
});
afterAll(async () => {
  await Promise.all([strict.close(), llama.close()]);
});

function runAgainst(server: MockOpenAIApi, sendReasoning?: boolean) {
  server.enqueue(
    { replaySse: recording('sse-think-turn1.txt') },
    { replaySse: recording('sse-turn2.txt') },
    { content: 'Wear a t-shirt.' },
  );
  const model = createOpenAICompatibleModel({
    apiKey: '',
    baseUrl: server.url,
    model: 'model/scripted-qwen2.gguf',
    maxRetries: 0,
    ...(sendReasoning === undefined ? {} : { sendReasoning }),
  });
  return collectRun(
    runToolLoop({
      model,
      tools: tools(),
      history: [],
      userMessage: { role: 'user', content: [{ type: 'text', text: 'What should I wear in Oslo today?' }] },
      maxTokens: 512,
      environment: createFakeEnvironment(),
    }),
  );
}

describe('a tool loop through llama-server recordings', () => {
  it('keeps the reasoning as thinking in the history and sends the recorded requests back, byte for byte in JSON', async () => {
    const { result } = await runAgainst(strict);
    expect(result.finishReason).toBe('end_turn');
    expect(result.messages[1]?.content).toEqual([
      { type: 'thinking', thinking: reasoning, signature: '' },
      { type: 'tool_use', id: thinkId, name: 'demo__weather_get', input: { city: 'Oslo' } },
    ]);
    const bodies = strict.requests.map((request) => request.body);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toEqual(recordedRequest('req-loupe-tools.json', []));
    // Round 1's "\n" is no text: the assistant message goes back with `content: null`, and no reasoning field.
    expect(bodies[1]).toEqual(recordedRequest('req-turn2.json', [thinkId]));
    expect(bodies[2]).toEqual(recordedRequest('req-turn3.json', [thinkId, turn2Id]));
  });

  it('sends the thinking back as reasoning_content only when the model is set to, to a server that takes it', async () => {
    const { result } = await runAgainst(llama, true);
    expect(result.finishReason).toBe('end_turn');
    const second = llama.requests[1]?.body as { messages: Record<string, unknown>[] };
    expect(second.messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: thinkId, type: 'function', function: { name: 'demo__weather_get', arguments: '{"city":"Oslo"}' } },
      ],
      reasoning_content: reasoning,
    });
    // Round 2 had no reasoning: nothing extra on its message.
    const third = llama.requests[2]?.body as { messages: Record<string, unknown>[] };
    expect(third.messages[3]).not.toHaveProperty('reasoning_content');
  });

  it('shows why it is off by default: a strict server refuses the unknown field', async () => {
    const { result, events } = await runAgainst(strict, true);
    expect(result.finishReason).toBe('error');
    const end = events.find((event) => event.type === 'run-end');
    expect(end?.error?.status).toBe(400);
    expect(end?.error?.message).toContain("property 'reasoning_content' is unsupported");
  });
});
