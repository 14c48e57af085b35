import { describe, expect, it } from 'vitest';
import type { Message } from '../../engine/message/message';
import type { ModelRequest, ModelStreamPart, ToolDefinition } from '../../engine/model/model';
import { createDemoModel } from './create-demo-model';

const tools: ToolDefinition[] = [
  {
    name: 'demo__weather_get',
    description: 'Current weather for a city',
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  {
    name: 'demo__clothing_advise',
    description: 'What to wear',
    input_schema: { type: 'object', properties: { temperatureC: { type: 'number' }, conditions: { type: 'string' } } },
  },
];

interface Reply {
  parts: ModelStreamPart[];
  text: string;
  toolUse: { id: string; name: string; input: Record<string, unknown> } | undefined;
  stopReason: string | null | undefined;
}

async function call(messages: Message[], requestTools = tools, extra: Partial<ModelRequest> = {}): Promise<Reply> {
  const parts: ModelStreamPart[] = [];
  const model = createDemoModel({ chunkDelayMs: 0 });
  for await (const part of model.doStream(
    { messages, tools: requestTools, maxTokens: 1024, ...extra },
    new AbortController().signal,
  )) {
    parts.push(part);
  }
  const start = parts.find((part) => part.type === 'tool-use-start');
  const json = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.partialJson] : [])).join('');
  const end = parts.at(-1);
  return {
    parts,
    text: parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join(''),
    toolUse: start ? { id: start.id, name: start.name, input: JSON.parse(json) as Record<string, unknown> } : undefined,
    stopReason: end?.type === 'response-end' ? end.stopReason : undefined,
  };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

function assistant(reply: Reply): Message {
  if (!reply.toolUse) throw new Error('expected a tool_use');
  return {
    role: 'assistant',
    content: [
      { type: 'text', text: reply.text },
      { type: 'tool_use', ...reply.toolUse },
    ],
  };
}

const result = (reply: Reply, text: string, isError = false): Message => ({
  role: 'user',
  content: [
    {
      type: 'tool_result',
      tool_use_id: reply.toolUse?.id ?? '',
      content: [{ type: 'text', text }],
      ...(isError ? { is_error: true } : {}),
    },
  ],
});

const weatherJson = JSON.stringify({ city: 'Lyon', temperatureC: 7, conditions: 'rain', humidity: 80, windKph: 20 });

describe('createDemoModel', () => {
  it('plays the three rounds: weather, clothing, answer', async () => {
    const ask = user('What should I wear for a walk in Lyon today?');
    const first = await call([ask]);
    expect(first.text).toBe("I'll check the weather in Lyon first.");
    expect(first.toolUse).toMatchObject({ name: 'demo__weather_get', input: { city: 'Lyon' } });
    expect(first.stopReason).toBe('tool_use');
    expect(first.parts.filter((part) => part.type === 'tool-input-delta').length).toBeGreaterThan(1);

    const second = await call([ask, assistant(first), result(first, weatherJson)]);
    expect(second.text).toContain('7 °C and rain');
    expect(second.toolUse).toMatchObject({
      name: 'demo__clothing_advise',
      input: { temperatureC: 7, conditions: 'rain', activity: 'walk' },
    });
    expect(second.toolUse?.id).not.toBe(first.toolUse?.id);

    const third = await call([
      ask,
      assistant(first),
      result(first, weatherJson),
      assistant(second),
      result(second, 'Take a raincoat.'),
    ]);
    expect(third.toolUse).toBeUndefined();
    expect(third.stopReason).toBe('end_turn');
    expect(third.text).toContain('**Weather in Lyon:** 7 °C and rain');
    expect(third.text).toContain('Take a raincoat.');
    expect(third.text).toContain('Demo model');
  });

  it('streams with the documented part order and plausible usage', async () => {
    const reply = await call([user('Weather for Oslo?')]);
    expect(reply.parts[0]).toMatchObject({ type: 'response-start', model: 'loupe-demo', id: 'msg_demo_001' });
    expect(reply.parts.map((part) => part.type)).toEqual([
      'response-start',
      'text-start',
      ...Array<string>(reply.parts.filter((part) => part.type === 'text-delta').length).fill('text-delta'),
      'block-end',
      'tool-use-start',
      ...Array<string>(reply.parts.filter((part) => part.type === 'tool-input-delta').length).fill('tool-input-delta'),
      'block-end',
      'response-end',
    ]);
    const end = reply.parts.at(-1);
    expect(end?.type === 'response-end' && end.usage.inputTokens > 10 && end.usage.outputTokens > 5).toBe(true);
  });

  it('defaults to Paris and starts a new script for a new question', async () => {
    const first = await call([user('What should I wear?')]);
    expect(first.toolUse?.input).toMatchObject({ city: 'Paris' });
    const history = [user('What should I wear?'), assistant(first), result(first, weatherJson)];
    const again = await call([
      ...history,
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      user('And in Rome?'),
    ]);
    expect(again.toolUse).toMatchObject({ name: 'demo__weather_get', input: { city: 'Rome' } });
  });

  it('explains how to connect the demo server when its tools are missing', async () => {
    const reply = await call([user('What should I wear in Paris?')], []);
    expect(reply.toolUse).toBeUndefined();
    expect(reply.stopReason).toBe('end_turn');
    expect(reply.text).toContain('http://localhost:3001/mcp');
    expect(reply.text).toContain('Add server');
  });

  it('says honestly that the weather lookup failed and falls back for the advice', async () => {
    const ask = user('Clothes for Berlin?');
    const first = await call([ask]);
    const failed = result(first, 'Unknown city: Berlin', true);
    const second = await call([ask, assistant(first), failed]);
    expect(second.text).toContain('weather lookup failed (Unknown city: Berlin)');
    expect(second.toolUse?.input).toMatchObject({ temperatureC: 18, conditions: 'cloudy' });
    const third = await call([ask, assistant(first), failed, assistant(second), result(second, 'A light jacket.')]);
    expect(third.text).toContain('the weather lookup failed (Unknown city: Berlin)');
    expect(third.text).toContain('assumes a mild, cloudy day');
  });

  it('falls back when the weather result is not JSON, and reports a failed clothing call', async () => {
    const ask = user('Clothes for Nice?');
    const first = await call([ask]);
    const second = await call([ask, assistant(first), result(first, 'sunny and warm')]);
    expect(second.toolUse?.input).toMatchObject({ temperatureC: 18, conditions: 'cloudy' });
    const third = await call([
      ask,
      assistant(first),
      result(first, 'sunny and warm'),
      assistant(second),
      result(second, 'timeout', true),
    ]);
    expect(third.text).toContain('clothing advice failed (timeout)');
  });

  it('answers from what it knows when tool_choice is none', async () => {
    const ask = user('Clothes for Lyon?');
    const first = await call([ask]);
    const reply = await call([ask, assistant(first), result(first, weatherJson)], tools, {
      toolChoice: { type: 'none' },
    });
    expect(reply.toolUse).toBeUndefined();
    expect(reply.text).toContain('7 °C and rain');
  });

  it('stops with the abort reason when aborted mid-stream', async () => {
    const controller = new AbortController();
    const parts: ModelStreamPart[] = [];
    const model = createDemoModel({ chunkDelayMs: 5 });
    const error = await (async () => {
      for await (const part of model.doStream(
        { messages: [user('Hi in Paris')], tools, maxTokens: 100 },
        controller.signal,
      )) {
        parts.push(part);
        if (part.type === 'text-delta') controller.abort();
      }
    })().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBe(controller.signal.reason);
    expect(parts.some((part) => part.type === 'response-end')).toBe(false);
  });
});
