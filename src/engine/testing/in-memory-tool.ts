// Test double for the tool seam: a tool backed by a function. Pure: no I/O.
import type { Tool, ToolAnnotations, ToolOutput, ToolRunContext } from '../tool/tool';

/** What `createInMemoryTool` needs; `run` may return plain text, a full `ToolOutput`, or throw. */
export interface InMemoryToolOptions {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  timeoutMs?: number;
  run: (input: Record<string, unknown>, context: ToolRunContext) => Promise<ToolOutput | string> | ToolOutput | string;
}

/** An in-memory `Tool` (origin `test`) that also records every input it was called with. */
export interface InMemoryTool extends Tool {
  readonly calls: Record<string, unknown>[];
}

/** Creates an in-memory tool; a string result becomes one text block. */
export function createInMemoryTool(options: InMemoryToolOptions): InMemoryTool {
  const calls: Record<string, unknown>[] = [];
  return {
    name: options.name,
    description: options.description ?? `Test tool ${options.name}.`,
    inputSchema: options.inputSchema ?? { type: 'object', properties: {} },
    ...(options.annotations === undefined ? {} : { annotations: options.annotations }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    origin: { kind: 'test' },
    calls,
    async run(input, context) {
      calls.push(input);
      const output = await options.run(input, context);
      return typeof output === 'string' ? { content: [{ type: 'text', text: output }] } : output;
    },
  };
}
