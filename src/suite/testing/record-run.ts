// Test helper: a real transcript from the real loop, with a scripted model and in-memory tools.
import type { ContentBlock } from '../../engine/message/message';
import type { ModelPrice } from '../../engine/model/model-capabilities';
import { runToolLoop } from '../../engine/run/run-tool-loop';
import { buildTranscript } from '../../engine/transcript/build-transcript';
import type { Transcript } from '../../engine/transcript/transcript';
import { collectRun } from '../../engine/testing/collect-run';
import { createFakeEnvironment } from '../../engine/testing/fake-environment';
import { createInMemoryTool } from '../../engine/testing/in-memory-tool';
import { createScriptedModel, type ScriptedReply } from '../../engine/testing/scripted-model';

/** A reply of text and tool calls (`[name, input]`), 100 input and 20 output tokens. */
export function reply(text: string, ...calls: [string, Record<string, unknown>][]): ScriptedReply {
  const content: ContentBlock[] = [
    ...(text === '' ? [] : [{ type: 'text' as const, text }]),
    ...calls.map(([name, input], index) => ({
      type: 'tool_use' as const,
      id: `${name}-${index}-${text.length}`,
      name,
      input,
    })),
  ];
  return { content, usage: { inputTokens: 100, outputTokens: 20 } };
}

/** Runs the loop over `replies` with tools `weather` (answers "Sunny"), `clock` and `broken` (errors). */
export async function recordRun(
  replies: ScriptedReply[],
  options: { price?: ModelPrice; prompt?: string } = {},
): Promise<Transcript> {
  const environment = createFakeEnvironment();
  const tools = [
    createInMemoryTool({ name: 'weather', run: () => 'Sunny' }),
    createInMemoryTool({ name: 'clock', run: () => 'Noon' }),
    createInMemoryTool({ name: 'broken', run: () => Promise.reject(new Error('the tool broke')) }),
  ];
  const handle = runToolLoop({
    model: createScriptedModel(replies),
    tools,
    history: [],
    userMessage: { role: 'user', content: [{ type: 'text', text: options.prompt ?? 'What should I wear in Paris?' }] },
    environment,
  });
  const { events } = await collectRun(handle, (event) => {
    if (event.type === 'response-start' || event.type === 'tool-call-start') environment.advance(10);
  });
  return buildTranscript(events, {
    createdAt: '2026-11-30T00:00:00.000Z',
    app: { name: 'Loupe', version: 'test' },
    settings: {
      provider: 'demo',
      model: 'demo',
      maxRounds: 10,
      maxTokens: 1024,
      ...(options.price === undefined ? {} : { price: options.price }),
    },
    servers: [{ name: 'demo', url: 'http://127.0.0.1:3001/mcp', instructionsIncluded: true }],
  });
}
