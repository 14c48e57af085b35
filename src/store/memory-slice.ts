// The Memory tab's state: the files of the memory the next run uses, read and edited through the worker.
import type { MemoryCommand } from '../protocol/memory-messages';
import { resolveMemoryScope } from '../shared/api-tool-settings';
import { describeError, type GetLoupeState, type SetLoupeState, type SliceDependencies } from './loupe-state';
import type { MemorySlice } from './memory-state';

/** The memory the next run would use, from Settings and the current session. */
export function currentMemoryScope(state: ReturnType<GetLoupeState>): string {
  return resolveMemoryScope(state.settings.apiTools.memory.name, state.currentSessionId);
}

export function createMemorySlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): MemorySlice {
  // Answers may come back out of order; only the latest request's answer is shown.
  let latest = 0;
  const send = async (command: MemoryCommand): Promise<boolean> => {
    const ticket = ++latest;
    try {
      const files = await deps.client.send(command);
      if (ticket === latest) set({ memory: { scope: command.scope, files, loaded: true } });
      return true;
    } catch (error) {
      if (ticket === latest)
        set((state) => ({ memory: { ...state.memory, scope: command.scope, error: describeError(error) } }));
      return false;
    }
  };
  return {
    memory: { scope: 'session:unsaved', files: [], loaded: false },
    loadMemory: async () => void (await send({ type: 'memory-read', scope: currentMemoryScope(get()) })),
    saveMemoryFile: (path, content) => send({ type: 'memory-write', scope: currentMemoryScope(get()), path, content }),
    deleteMemoryFile: async (path) =>
      void (await send({ type: 'memory-delete', scope: currentMemoryScope(get()), path })),
    clearMemory: async () => void (await send({ type: 'memory-clear', scope: currentMemoryScope(get()) })),
    applyMemoryChanged(scope) {
      if (scope === currentMemoryScope(get())) void get().loadMemory();
    },
  };
}
