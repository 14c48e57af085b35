// A tool defined in the browser: answers with its canned result, or runs its handler in a sandbox.
import type { ToolResultContentBlock } from '../../engine/message/message';
import type { Tool, ToolOutput } from '../../engine/tool/tool';
import type { LocalToolDefinition, LocalToolHandler } from '../../protocol/tool-settings';
import type { RunHandler } from './run-in-sandbox';

/** The engine's deadline (the handler's timeout) decides; the sandbox's own timer is a backstop this much later. */
const TIMEOUT_MARGIN_MS = 500;

function asContent(value: unknown): ToolResultContentBlock[] {
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  if (value === null || value === undefined) return [{ type: 'text', text: '(the handler returned nothing)' }];
  return [{ type: 'text', text: JSON.stringify(value, null, 2) }];
}

function cannedOutput(handler: Exclude<LocalToolHandler, { kind: 'script' }>): ToolOutput {
  switch (handler.kind) {
    case 'text':
      return { content: [{ type: 'text', text: handler.text }] };
    case 'json':
      return { content: asContent(handler.value), structured: handler.value };
    case 'image':
      return {
        content: [{ type: 'image', source: { type: 'base64', media_type: handler.mimeType, data: handler.data } }],
      };
    case 'error':
      return { content: [{ type: 'text', text: handler.message }], isError: true };
  }
}

/** An engine tool for `definition`; script handlers run through `runHandler` with their timeout. */
export function createLocalTool(definition: LocalToolDefinition, runHandler: RunHandler): Tool {
  const { handler } = definition;
  return {
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema,
    origin: { kind: 'local' },
    ...(handler.kind === 'script' ? { timeoutMs: handler.timeoutMs } : {}),
    async run(input, context) {
      if (handler.kind !== 'script') return cannedOutput(handler);
      const value = await runHandler(handler.source, input, {
        timeoutMs: handler.timeoutMs + TIMEOUT_MARGIN_MS,
        signal: context.signal,
      });
      return { content: asContent(value), ...(value === null ? {} : { structured: value }) };
    },
  };
}
