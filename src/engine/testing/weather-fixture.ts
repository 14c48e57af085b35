// Test fixture shared by the debugger's tests: a weather tool, its two-round script, and small block builders. Pure.
import type { ContentBlock, TextBlock, ToolResultBlock } from '../message/message';
import type { Tool } from '../tool/tool';
import { createInMemoryTool } from './in-memory-tool';
import type { ScriptedReply } from './scripted-model';

/** A text block. */
export const text = (value: string): TextBlock => ({ type: 'text', text: value });

/** A tool_use block. */
export const use = (id: string, name: string, input: Record<string, unknown> = {}): ContentBlock => ({
  type: 'tool_use',
  id,
  name,
  input,
});

/** The weather tool's input schema: one required string `city`, nothing else. */
export const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};

/** An in-memory `weather` tool that answers "Sunny in <city>"; `extra` overrides its fields (origin, annotations…). */
export function weatherTool(extra: Partial<Tool> = {}) {
  return Object.assign(
    createInMemoryTool({
      name: 'weather',
      inputSchema: weatherSchema,
      run: (input) => `Sunny in ${String(input['city'])}`,
    }),
    extra,
  );
}

/** Two rounds: the model asks for the weather, then answers. */
export const weatherReplies: ScriptedReply[] = [
  { content: [text('Let me check.'), use('c1', 'weather', { city: 'Paris' })] },
  { content: [text('Wear a light jacket.')] },
];

/** Every tool_result block of a recorded request. */
export function resultsOf(request: { messages: { content: ContentBlock[] }[] } | undefined): ToolResultBlock[] {
  return (request?.messages ?? []).flatMap((message) =>
    message.content.filter((block): block is ToolResultBlock => block.type === 'tool_result'),
  );
}
