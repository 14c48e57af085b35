// The memory part of the worker ⇄ UI contract: the Memory tab reads and edits the files the memory tool keeps.

/** One memory file as the tab shows it. */
export interface MemoryFileEntry {
  path: string;
  content: string;
}

/**
 * Memory commands the UI sends. `scope` names the memory (`session:<id>` or `named:<name>`); the worker runs
 * them one at a time with the model's own memory calls, so an edit in the tab never loses a call's write.
 */
export type MemoryCommand =
  | { type: 'memory-read'; scope: string }
  /** Writes one file; the path is checked like the model's (confined to /memories), the sizes too. */
  | { type: 'memory-write'; scope: string; path: string; content: string }
  | { type: 'memory-delete'; scope: string; path: string }
  | { type: 'memory-clear'; scope: string };

/** The value each memory command's reply carries: the memory's files after it, by path. */
export interface MemoryCommandResults {
  'memory-read': MemoryFileEntry[];
  'memory-write': MemoryFileEntry[];
  'memory-delete': MemoryFileEntry[];
  'memory-clear': MemoryFileEntry[];
}

/** Posted by the worker when a memory changed (a model's call or the tab): the tab reads it again. */
export interface MemoryChangedMessage {
  type: 'memory-changed';
  scope: string;
}

const memoryCommandTypes: ReadonlySet<string> = new Set([
  'memory-read',
  'memory-write',
  'memory-delete',
  'memory-clear',
]);

/** True when `command` is one of the memory commands. */
export function isMemoryCommand(command: { type: string }): command is MemoryCommand {
  return memoryCommandTypes.has(command.type);
}
