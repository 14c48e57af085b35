// The Memory tab's state as the store holds it: its own file, so loupe-state.ts can name it without importing the
// slice that imports loupe-state.ts (no import cycle).
import type { MemoryFileEntry } from '../protocol/memory-messages';

export interface MemoryView {
  /** The memory shown (`session:<id>` or `named:<name>`): the one the next run's memory calls use. */
  scope: string;
  files: MemoryFileEntry[];
  /** False until the first read of this scope answered. */
  loaded: boolean;
  error?: string;
}

export interface MemorySlice {
  memory: MemoryView;
  /** Reads the current memory again (the scope follows Settings and the session). */
  loadMemory: () => Promise<void>;
  /** Writes one file (created or replaced); the worker checks the path and sizes like a model's call. */
  saveMemoryFile: (path: string, content: string) => Promise<boolean>;
  deleteMemoryFile: (path: string) => Promise<void>;
  clearMemory: () => Promise<void>;
  /** The worker said `scope` changed: read it again when it is the one shown. */
  applyMemoryChanged: (scope: string) => void;
}
