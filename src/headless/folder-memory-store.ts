// The headless runner's `MemoryStore`: one JSON file per memory in a folder the person named (--memory-dir).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MemoryStore } from '../engine/tool/memory/memory-store';
import type { MemoryFiles } from '../engine/tool/memory/run-memory-command';

/**
 * Memories in `folder`. A memory's file is named by a hash of its scope, and the model's paths are keys inside
 * that JSON file, never paths on disk: nothing the model or a suite writes can name a file outside the folder
 * (the memory paths are checked too, by `resolveMemoryPath`). Writes go to a temporary file renamed into place,
 * so a crash leaves the old memory or the new one, never half of one.
 */
export function createFolderMemoryStore(folder: string): MemoryStore {
  const fileOf = (scope: string) =>
    join(folder, `${createHash('sha256').update(scope).digest('hex').slice(0, 32)}.json`);
  return {
    async read(scope) {
      let text: string;
      try {
        text = await readFile(fileOf(scope), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map<string, string>();
        throw error;
      }
      const parsed = JSON.parse(text) as { files?: unknown };
      const files = new Map<string, string>();
      if (typeof parsed.files === 'object' && parsed.files !== null)
        for (const [path, content] of Object.entries(parsed.files))
          if (typeof content === 'string' && path.startsWith('/memories/')) files.set(path, content);
      return files;
    },
    async write(scope: string, files: MemoryFiles) {
      const target = fileOf(scope);
      if (files.size === 0) return rm(target, { force: true });
      await mkdir(folder, { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify({ scope, files: Object.fromEntries(files) }, null, 2));
      await rename(temporary, target);
    },
  };
}
