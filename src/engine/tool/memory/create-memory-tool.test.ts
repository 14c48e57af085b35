import { describe, expect, it } from 'vitest';
import { createMemoryTool } from './create-memory-tool';
import { createInMemoryMemoryStore, createMemoryAccess, type MemoryStore } from './memory-store';

const context = { signal: new AbortController().signal, onProgress: () => undefined, log: () => undefined };

function setup() {
  const store = createInMemoryMemoryStore();
  const changed: string[] = [];
  const access = createMemoryAccess(store, (scope) => changed.push(scope));
  return { store, changed, tool: createMemoryTool(access, 'session:a') };
}

const textOf = (output: { content: { type: string }[] }) =>
  output.content.map((block) => ('text' in block ? String(block.text) : '')).join('');

describe('createMemoryTool', () => {
  it('runs every command against the store and says when the memory changed', async () => {
    const { store, changed, tool } = setup();
    await tool.run({ command: 'create', path: '/memories/notes.md', file_text: 'one\ntwo' }, context);
    await tool.run({ command: 'str_replace', path: '/memories/notes.md', old_str: 'two', new_str: '2' }, context);
    await tool.run({ command: 'insert', path: '/memories/notes.md', insert_line: 0, insert_text: 'zero' }, context);
    await tool.run({ command: 'rename', old_path: '/memories/notes.md', new_path: '/memories/a/n.md' }, context);
    const view = await tool.run({ command: 'view', path: '/memories/a/n.md' }, context);
    expect(textOf(view)).toContain('     1\tzero\n     2\tone\n     3\t2');
    expect([...(await store.read('session:a'))]).toEqual([['/memories/a/n.md', 'zero\none\n2']]);
    // Four writes; the view changed nothing and wrote nothing.
    expect(changed).toEqual(['session:a', 'session:a', 'session:a', 'session:a']);
    await tool.run({ command: 'delete', path: '/memories/a' }, context);
    expect((await store.read('session:a')).size).toBe(0);
  });

  it.each([
    ['../', { command: 'create', path: '/memories/../etc/passwd', file_text: 'x' }],
    ['absolute outside', { command: 'create', path: '/etc/passwd', file_text: 'x' }],
    ['encoded', { command: 'create', path: '/memories/%2e%2e/x', file_text: 'x' }],
    ['backslash', { command: 'create', path: '/memories\\..\\x', file_text: 'x' }],
    ['rename out', { command: 'rename', old_path: '/memories/keep.md', new_path: '/memories/../keep.md' }],
    ['delete root', { command: 'delete', path: '/memories' }],
  ])('refuses %s with an error result and leaves the memory as it was', async (_name, input) => {
    const { store, changed, tool } = setup();
    await tool.run({ command: 'create', path: '/memories/keep.md', file_text: 'kept' }, context);
    const output = await tool.run(input, context);
    expect(output.isError).toBe(true);
    expect([...(await store.read('session:a'))]).toEqual([['/memories/keep.md', 'kept']]);
    expect(changed).toHaveLength(1);
  });

  it('keeps both writes of calls that overlap, and another scope apart', async () => {
    const { store, tool } = setup();
    const other = createMemoryTool(createMemoryAccess(store), 'named:team');
    await Promise.all([
      tool.run({ command: 'create', path: '/memories/a.md', file_text: 'a' }, context),
      tool.run({ command: 'create', path: '/memories/b.md', file_text: 'b' }, context),
      other.run({ command: 'create', path: '/memories/c.md', file_text: 'c' }, context),
    ]);
    expect([...(await store.read('session:a')).keys()].sort()).toEqual(['/memories/a.md', '/memories/b.md']);
    expect([...(await store.read('named:team')).keys()]).toEqual(['/memories/c.md']);
  });

  it('a failed write rejects that call only; the next call goes on', async () => {
    const inner = createInMemoryMemoryStore();
    let fail = true;
    const flaky: MemoryStore = {
      read: (scope) => inner.read(scope),
      write: (scope, files) => (fail ? Promise.reject(new Error('quota exceeded')) : inner.write(scope, files)),
    };
    const tool = createMemoryTool(createMemoryAccess(flaky), 's');
    await expect(tool.run({ command: 'create', path: '/memories/x', file_text: '1' }, context)).rejects.toThrow(
      'quota exceeded',
    );
    fail = false;
    const output = await tool.run({ command: 'create', path: '/memories/x', file_text: '1' }, context);
    expect(output.isError).toBeUndefined();
  });
});
