import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryTool } from '../engine/tool/memory/create-memory-tool';
import { createMemoryAccess } from '../engine/tool/memory/memory-store';
import { createFolderMemoryStore } from './folder-memory-store';

const context = { signal: new AbortController().signal, onProgress: () => undefined, log: () => undefined };
let folder = '';
afterEach(async () => {
  if (folder !== '') await rm(folder, { recursive: true, force: true });
});

describe('createFolderMemoryStore', () => {
  it('keeps each memory in one file inside the folder, whatever the scope or the paths say', async () => {
    folder = await mkdtemp(join(tmpdir(), 'loupe-memory-'));
    const store = createFolderMemoryStore(join(folder, 'memory'));
    const tool = createMemoryTool(createMemoryAccess(store), 'named:../../escape');
    await tool.run({ command: 'create', path: '/memories/a.md', file_text: 'kept' }, context);
    const refused = await tool.run({ command: 'create', path: '/memories/../../x', file_text: 'no' }, context);
    expect(refused.isError).toBe(true);
    expect([...(await store.read('named:../../escape'))]).toEqual([['/memories/a.md', 'kept']]);
    // One file, named by a hash, inside the folder; nothing next to it.
    expect(await readdir(folder)).toEqual(['memory']);
    expect(await readdir(join(folder, 'memory'))).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.json$/)]);
    // A new store over the same folder (the next run of the command) reads it back; cleared, the file goes.
    expect((await createFolderMemoryStore(join(folder, 'memory')).read('named:../../escape')).size).toBe(1);
    await store.write('named:../../escape', new Map());
    expect(await readdir(join(folder, 'memory'))).toEqual([]);
  });
});
