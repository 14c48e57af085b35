// A tool defined in the browser: answers with its canned result, or runs its handler in a sandbox.
import type { ToolResultContentBlock } from '../../engine/message/message';
import type { Tool, ToolOutput } from '../../engine/tool/tool';
import type { LocalToolDefinition, LocalToolHandler } from '../../protocol/tool-settings';
import type { HandlerOutcome } from './evaluate-handler';
import type { RunHandler } from './run-in-sandbox';
import { SANDBOX_START_ALLOWANCE_MS } from './sandbox-limits';

/**
 * The engine's deadline for a script call: the handler's own time cap (enforced in the sandbox, which says
 * so plainly), the sandbox's start allowance, and a margin so the runner's backstop answers first.
 */
const ENGINE_MARGIN_MS = 1000;

const consoleLevels = { log: 'info', info: 'info', debug: 'debug', warn: 'warning', error: 'error' } as const;

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
    ...(handler.kind === 'script'
      ? { timeoutMs: handler.timeoutMs + SANDBOX_START_ALLOWANCE_MS + ENGINE_MARGIN_MS }
      : {}),
    async run(input, context) {
      if (handler.kind !== 'script') return cannedOutput(handler);
      const outcome = await runHandler(handler.source, input, { timeoutMs: handler.timeoutMs, signal: context.signal });
      for (const line of outcome.console) {
        const level = line.slice(0, line.indexOf(':'));
        context.log(level in consoleLevels ? consoleLevels[level as keyof typeof consoleLevels] : 'info', line);
      }
      return scriptOutput(outcome);
    },
  };
}

/** A handler's outcome as the model reads it; errors and caps carry the console output, which helps fix them. */
function scriptOutput(outcome: HandlerOutcome): ToolOutput {
  switch (outcome.kind) {
    case 'text':
      return { content: asContent(outcome.text) };
    case 'json': {
      const value = JSON.parse(outcome.json) as unknown;
      return { content: asContent(value), structured: value };
    }
    case 'nothing':
      return { content: asContent(null) };
    case 'error':
    case 'cap': {
      const log = outcome.console.length === 0 ? '' : `\n\nConsole output:\n${outcome.console.join('\n')}`;
      return {
        content: [{ type: 'text', text: outcome.message + log }],
        isError: true,
        // The same input meets the same cap again.
        ...(outcome.kind === 'cap' ? { retryable: false } : {}),
      };
    }
  }
}
