import { describe, expect, it } from 'vitest';
import { resolveMemoryPath } from './memory-path';
import {
  MAX_MEMORY_FILE_CHARS,
  MAX_MEMORY_TOTAL_CHARS,
  runMemoryCommand,
  type MemoryFiles,
} from './run-memory-command';

const empty: MemoryFiles = new Map();

function run(files: MemoryFiles, input: Record<string, unknown>) {
  return runMemoryCommand(files, input);
}

describe('resolveMemoryPath', () => {
  it.each([
    '../etc/passwd',
    '/memories/../etc/passwd',
    '/memories/a/../../etc',
    '/memories/./a',
    '/memories/%2e%2e/etc',
    '/memories/%2E%2E%2Fetc',
    '/etc/passwd',
    '/memoriesX/a',
    'memories/a',
    '/memories\\..\\etc',
    '/memories/a\u0000.md',
    '/memories//a',
    '',
  ])('refuses %j', (path) => {
    expect(resolveMemoryPath(path)).toHaveProperty('error');
  });

  it('refuses very long names and paths, and anything not a string', () => {
    expect(resolveMemoryPath(`/memories/${'a'.repeat(300)}`)).toHaveProperty('error');
    expect(resolveMemoryPath(`/memories/${'abc/'.repeat(200)}x`)).toHaveProperty('error');
    expect(resolveMemoryPath(42)).toHaveProperty('error');
  });

  it('keeps paths under /memories, without a trailing slash', () => {
    expect(resolveMemoryPath('/memories/')).toEqual({ path: '/memories' });
    expect(resolveMemoryPath('/memories/notes/todo.md')).toEqual({ path: '/memories/notes/todo.md' });
  });
});

describe('runMemoryCommand', () => {
  it('creates, views with line numbers, and refuses to create twice', () => {
    const created = run(empty, { command: 'create', path: '/memories/notes.md', file_text: 'one\ntwo' });
    expect(created).toMatchObject({ isError: false, text: 'File created successfully at: /memories/notes.md' });
    const viewed = run(created.files, { command: 'view', path: '/memories/notes.md' });
    expect(viewed.text).toBe("Here's the content of /memories/notes.md with line numbers:\n     1\tone\n     2\ttwo");
    expect(run(created.files, { command: 'view', path: '/memories/notes.md', view_range: [2, -1] }).text).toContain(
      '     2\ttwo',
    );
    const again = run(created.files, { command: 'create', path: '/memories/notes.md', file_text: 'x' });
    expect(again).toMatchObject({ isError: true, text: 'Error: File /memories/notes.md already exists' });
    expect(again.files).toBe(created.files);
  });

  it('lists a directory two levels deep', () => {
    let files: MemoryFiles = empty;
    for (const path of ['/memories/a.md', '/memories/dir/b.md', '/memories/dir/deep/c.md'])
      files = run(files, { command: 'create', path, file_text: 'xyz' }).files;
    expect(run(files, { command: 'view', path: '/memories' }).text).toBe(
      'Directory /memories:\n3\t/memories/a.md\n0\t/memories/dir/\n3\t/memories/dir/b.md\n0\t/memories/dir/deep/',
    );
    expect(run(empty, { command: 'view', path: '/memories/none.md' })).toMatchObject({
      isError: true,
      text: 'The path /memories/none.md does not exist. Please provide a valid path.',
    });
  });

  it('replaces a unique string only, and inserts at a line', () => {
    const files = run(empty, { command: 'create', path: '/memories/f', file_text: 'a\nb\na' }).files;
    expect(run(files, { command: 'str_replace', path: '/memories/f', old_str: 'a', new_str: 'z' }).text).toBe(
      'No replacement was performed. Multiple occurrences of old_str `a` in lines: 1, 3. Please ensure it is unique',
    );
    expect(run(files, { command: 'str_replace', path: '/memories/f', old_str: 'q', new_str: 'z' }).isError).toBe(true);
    const replaced = run(files, { command: 'str_replace', path: '/memories/f', old_str: 'b', new_str: '$&$&' });
    expect(replaced.files.get('/memories/f')).toBe('a\n$&$&\na');
    const inserted = run(replaced.files, {
      command: 'insert',
      path: '/memories/f',
      insert_line: 0,
      insert_text: 'top',
    });
    expect(inserted.files.get('/memories/f')).toBe('top\na\n$&$&\na');
    expect(run(files, { command: 'insert', path: '/memories/f', insert_line: 9, insert_text: 'x' }).text).toBe(
      'Error: Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 3]',
    );
  });

  it('deletes files and directories, and renames them (never into themselves or over others)', () => {
    let files: MemoryFiles = empty;
    for (const path of ['/memories/d/a', '/memories/d/b', '/memories/e'])
      files = run(files, { command: 'create', path, file_text: path }).files;
    const renamed = run(files, { command: 'rename', old_path: '/memories/d', new_path: '/memories/x' });
    expect([...renamed.files.keys()].sort()).toEqual(['/memories/e', '/memories/x/a', '/memories/x/b']);
    expect(run(files, { command: 'rename', old_path: '/memories/d', new_path: '/memories/e' }).isError).toBe(true);
    expect(run(files, { command: 'rename', old_path: '/memories/d', new_path: '/memories/d/in' }).isError).toBe(true);
    expect(run(files, { command: 'rename', old_path: '/memories/e', new_path: '/etc/e' }).isError).toBe(true);
    const deleted = run(files, { command: 'delete', path: '/memories/d' });
    expect([...deleted.files.keys()]).toEqual(['/memories/e']);
    expect(run(files, { command: 'delete', path: '/memories' }).isError).toBe(true);
  });

  it('refuses hostile paths on every command, leaving the files unchanged', () => {
    const files = run(empty, { command: 'create', path: '/memories/keep', file_text: 'k' }).files;
    for (const path of ['../secrets', '/memories/../etc/passwd', '/memories/%2e%2e/x', '/tmp/x', '/memories/a\u0000b'])
      for (const input of [
        { command: 'view', path },
        { command: 'create', path, file_text: 'x' },
        { command: 'str_replace', path, old_str: 'k', new_str: 'x' },
        { command: 'insert', path, insert_line: 0, insert_text: 'x' },
        { command: 'delete', path },
        { command: 'rename', old_path: '/memories/keep', new_path: path },
        { command: 'rename', old_path: path, new_path: '/memories/moved' },
      ]) {
        const result = run(files, input);
        expect(result.isError).toBe(true);
        expect(result.files).toBe(files);
      }
  });

  it('caps file and memory sizes, and refuses unknown commands and bad input', () => {
    const huge = 'x'.repeat(MAX_MEMORY_FILE_CHARS + 1);
    expect(run(empty, { command: 'create', path: '/memories/big', file_text: huge }).isError).toBe(true);
    let files: MemoryFiles = empty;
    const chunk = 'y'.repeat(MAX_MEMORY_FILE_CHARS);
    for (let index = 0; index < MAX_MEMORY_TOTAL_CHARS / MAX_MEMORY_FILE_CHARS; index += 1)
      files = run(files, { command: 'create', path: `/memories/f${index}`, file_text: chunk }).files;
    expect(run(files, { command: 'create', path: '/memories/one-more', file_text: 'z' }).text).toContain(
      'Error: The memory would hold',
    );
    const full = run(empty, { command: 'create', path: '/memories/full', file_text: chunk }).files;
    const grown = run(full, { command: 'insert', path: '/memories/full', insert_line: 1, insert_text: '' });
    expect(grown.text).toContain(`at most ${MAX_MEMORY_FILE_CHARS}`);
    expect(grown.files).toBe(full);
    expect(run(empty, { command: 'format', path: '/memories' }).isError).toBe(true);
    expect(runMemoryCommand(empty, 'view').isError).toBe(true);
  });
});
