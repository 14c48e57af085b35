// The Memory tab's commands and the memory tool of a run, over one serialised access to the memory store.
import { createMemoryAccess, type MemoryAccess, type MemoryStore } from '../engine/tool/memory/memory-store';
import { createMemoryTool, MEMORY_TOOL_NAME } from '../engine/tool/memory/create-memory-tool';
import type { MemoryFiles } from '../engine/tool/memory/run-memory-command';
import type { Tool } from '../engine/tool/tool';
import type { MemoryCommand, MemoryCommandResults, MemoryFileEntry } from '../protocol/memory-messages';
import type { ProviderSettings } from '../protocol/settings';
import { answerEach, type CommandTable } from './command-table';

/** The memory of a run with none named in its settings (a run started outside a session). */
export const UNSAVED_MEMORY_SCOPE = 'session:unsaved';

export interface MemoryHost {
  execute<C extends MemoryCommand>(command: C): Promise<MemoryCommandResults[C['type']]>;
  /** The memory commands for the worker's command table. */
  commands: CommandTable<MemoryCommand['type']>;
  /**
   * `tools` with the memory tool added when the provider sends the memory tool (Anthropic, Memory on). A tool of
   * the same name already there is replaced, and `notice` says so: the API's memory calls must reach the memory.
   */
  withMemoryTool(tools: Tool[], provider: ProviderSettings, notice?: (message: string) => void): Tool[];
}

const entries = (files: MemoryFiles): MemoryFileEntry[] =>
  [...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, content]) => ({ path, content }));

/** Turns a refusal of the memory rules into the command's failure, said in the tool's own words. */
function refuseUnlessOk(result: { text: string; isError: boolean; files: MemoryFiles }) {
  if (result.isError) throw new Error(result.text);
  return result;
}

export function createMemoryHost(store: MemoryStore, onChange: (scope: string) => void): MemoryHost {
  const access: MemoryAccess = createMemoryAccess(store, onChange);
  const tools = new Map<string, Tool>();
  const host: MemoryHost = {
    commands: answerEach(
      { 'memory-read': true, 'memory-write': true, 'memory-delete': true, 'memory-clear': true },
      (command) => host.execute(command),
    ),
    async execute(command) {
      const { scope } = command;
      // The memory rules load with the first memory command, not with the worker (issue 16's worker budget).
      const { runMemoryCommand } = await import('../engine/tool/memory/run-memory-command');
      switch (command.type) {
        case 'memory-read':
          return entries(await access.read(scope));
        case 'memory-write': {
          // The person's edit goes through the model's rules: the same path checks and size caps.
          const { files } = await access.update(scope, (current) => {
            const others = new Map(current);
            others.delete(command.path);
            return refuseUnlessOk(
              runMemoryCommand(others, { command: 'create', path: command.path, file_text: command.content }),
            );
          });
          return entries(files);
        }
        case 'memory-delete': {
          const { files } = await access.update(scope, (current) =>
            refuseUnlessOk(runMemoryCommand(current, { command: 'delete', path: command.path })),
          );
          return entries(files);
        }
        case 'memory-clear': {
          const { files } = await access.update(scope, (current) => ({
            files: current.size === 0 ? current : new Map<string, string>(),
          }));
          return entries(files);
        }
      }
    },
    withMemoryTool(list, provider, notice) {
      if (provider.kind !== 'anthropic' || provider.apiTools?.memory.enabled !== true) return list;
      const scope = provider.apiTools.memory.scope ?? UNSAVED_MEMORY_SCOPE;
      let tool = tools.get(scope);
      if (tool === undefined) {
        tool = createMemoryTool(access, scope);
        tools.set(scope, tool);
      }
      if (list.some((candidate) => candidate.name === MEMORY_TOOL_NAME))
        notice?.(
          `The tool named "${MEMORY_TOOL_NAME}" is replaced by the memory tool in this run: with Memory on, the API's memory calls use that name.`,
        );
      return [...list.filter((candidate) => candidate.name !== MEMORY_TOOL_NAME), tool];
    },
  };
  return host;
}
