// The memory tool as an engine `Tool`: the model's memory calls run against one memory of a `MemoryAccess`. Pure.
import type { Tool } from '../tool';
import type { MemoryAccess } from './memory-store';

/** The name the API gives the memory tool (`memory_20250818`); its calls come as `tool_use` with this name. */
export const MEMORY_TOOL_NAME = 'memory';

const pathProperty = { type: 'string', description: 'A path under /memories' };

/**
 * The commands' inputs as the tool documents them. The API sends its own definition to the model (the provider
 * sends `memory_20250818`, never this schema); this one is for validation and for providers without the tool.
 */
const MEMORY_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    command: { type: 'string', enum: ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'] },
    path: pathProperty,
    view_range: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
    file_text: { type: 'string' },
    old_str: { type: 'string' },
    new_str: { type: 'string' },
    insert_line: { type: 'integer' },
    insert_text: { type: 'string' },
    old_path: pathProperty,
    new_path: pathProperty,
  },
  required: ['command'],
} as const;

/**
 * The memory tool over memory `scope`. Every refusal (a path outside /memories, a size cap, a missing file) is an
 * error result for the model, never a thrown error; a storage failure is a tool error with its reason.
 */
export function createMemoryTool(access: MemoryAccess, scope: string): Tool {
  return {
    name: MEMORY_TOOL_NAME,
    description:
      'Files kept across conversations under /memories: view, create, str_replace, insert, delete and rename.',
    inputSchema: MEMORY_INPUT_SCHEMA,
    origin: { kind: 'local' },
    async run(input) {
      // The commands' code loads with the first memory call, not with the engine worker (issue 16's budget).
      const { runMemoryCommand } = await import('./run-memory-command');
      const result = await access.update(scope, (files) => runMemoryCommand(files, input));
      return { content: [{ type: 'text', text: result.text }], ...(result.isError ? { isError: true } : {}) };
    },
  };
}
