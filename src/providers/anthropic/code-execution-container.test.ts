import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../engine/model/model';
import { defaultApiToolSettings } from '../../shared/api-tool-settings';
import { collectStreamParts } from '../testing/collect-stream-parts';
import { createAnthropicModel } from './create-anthropic-model';

const request: ModelRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Run it' }] }],
  tools: [],
  maxTokens: 50,
};

/** A reply whose `message_delta` names the container the API ran code in. */
function reply(container: string): Response {
  const events = [
    {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 0 },
      },
    },
    {
      type: 'message_delta',
      delta: {
        stop_reason: 'end_turn',
        stop_sequence: null,
        container: { id: container, expires_at: '2026-12-04T14:00:00Z', skills: null },
      },
      usage: { output_tokens: 1 },
    },
    { type: 'message_stop' },
  ];
  const body = events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('the code execution container', () => {
  it("sends the previous response's container with the next request of the run", async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch: typeof globalThis.fetch = (_input, init) => {
      bodies.push(JSON.parse(init?.body as string) as Record<string, unknown>);
      return Promise.resolve(reply(`container_${bodies.length}`));
    };
    const apiTools = { ...defaultApiToolSettings, codeExecution: { enabled: true } };
    const model = createAnthropicModel({
      apiKey: 'k',
      model: 'm',
      baseUrl: 'https://api.test',
      fetch,
      apiTools,
      maxRetries: 0,
    });
    const first = await collectStreamParts(model.doStream(request, new AbortController().signal));
    await collectStreamParts(model.doStream(request, new AbortController().signal));
    // The reply says which container it ran in, so the round can show it.
    expect(first.find((part) => part.type === 'response-end')).toMatchObject({
      container: { id: 'container_1', expires_at: '2026-12-04T14:00:00Z' },
    });
    expect(bodies[0]).not.toHaveProperty('container');
    expect(bodies[0]?.['tools']).toEqual([
      { type: 'code_execution_20250825', name: 'code_execution', cache_control: { type: 'ephemeral' } },
    ]);
    expect(bodies[1]?.['container']).toBe('container_1');
  });
});
