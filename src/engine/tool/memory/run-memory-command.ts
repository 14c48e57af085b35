// The memory tool's commands (`memory_20250818`) over a set of files kept by Loupe, confined to /memories. Pure.
import { isRecord } from '../../../shared/is-record';
import { MEMORY_ROOT, resolveMemoryPath } from './memory-path';

/** Largest file the model may write, in characters. */
export const MAX_MEMORY_FILE_CHARS = 100_000;
/** Most files one memory holds. */
export const MAX_MEMORY_FILES = 500;
/** Largest memory in characters, all files together (browser storage is a few megabytes per origin). */
export const MAX_MEMORY_TOTAL_CHARS = 1_000_000;

/** Path → content. Directories are implicit: the prefixes of the file paths. */
export type MemoryFiles = ReadonlyMap<string, string>;

/** A command's result text, whether it is an error, and the files after it (the same map when unchanged). */
export interface MemoryCommandResult {
  text: string;
  isError: boolean;
  files: MemoryFiles;
}

const fail = (files: MemoryFiles, text: string): MemoryCommandResult => ({ text, isError: true, files });
const ok = (files: MemoryFiles, text: string): MemoryCommandResult => ({ text, isError: false, files });
const missing = (path: string) => `The path ${path} does not exist. Please provide a valid path.`;

function isDirectory(files: MemoryFiles, path: string): boolean {
  if (path === MEMORY_ROOT) return true;
  for (const key of files.keys()) if (key.startsWith(`${path}/`)) return true;
  return false;
}

function numbered(text: string, start = 1): string {
  return text
    .split('\n')
    .map((line, index) => `${String(index + start).padStart(6)}\t${line}`)
    .join('\n');
}

function view(files: MemoryFiles, path: string, range: unknown): MemoryCommandResult {
  const content = files.get(path);
  if (content !== undefined) {
    const lines = content.split('\n');
    if (Array.isArray(range) && range.length === 2 && range.every((n) => Number.isInteger(n))) {
      const [from, to] = range as [number, number];
      const end = to === -1 ? lines.length : to;
      if (from < 1 || from > lines.length || end < from || end > lines.length)
        return fail(files, `Error: Invalid view_range [${from}, ${to}]: the file has ${lines.length} lines.`);
      return ok(
        files,
        `Here's the content of ${path} with line numbers:\n${numbered(lines.slice(from - 1, end).join('\n'), from)}`,
      );
    }
    return ok(files, `Here's the content of ${path} with line numbers:\n${numbered(content)}`);
  }
  if (!isDirectory(files, path)) return fail(files, missing(path));
  // Two levels deep, as the tool describes its listing; sizes in characters.
  const depth = path.split('/').length;
  const entries = new Map<string, number>();
  for (const [key, text] of files) {
    if (!key.startsWith(`${path}/`)) continue;
    const parts = key.split('/');
    for (let level = depth + 1; level <= Math.min(parts.length, depth + 2); level += 1) {
      const entry = parts.slice(0, level).join('/') + (level < parts.length ? '/' : '');
      entries.set(entry, (entries.get(entry) ?? 0) + (level === parts.length ? text.length : 0));
    }
  }
  const listing = [...entries.keys()].sort().map((entry) => `${entries.get(entry)}\t${entry}`);
  return ok(files, [`Directory ${path}:`, ...listing].join('\n'));
}

function checkSize(files: MemoryFiles, path: string, text: string): string | undefined {
  if (text.length > MAX_MEMORY_FILE_CHARS)
    return `Error: The file would be ${text.length} characters; at most ${MAX_MEMORY_FILE_CHARS} are allowed.`;
  if (!files.has(path) && files.size >= MAX_MEMORY_FILES)
    return `Error: The memory holds ${MAX_MEMORY_FILES} files, the most allowed. Delete some first.`;
  let total = text.length;
  for (const [key, content] of files) if (key !== path) total += content.length;
  if (total > MAX_MEMORY_TOTAL_CHARS)
    return `Error: The memory would hold ${total} characters; at most ${MAX_MEMORY_TOTAL_CHARS} are allowed.`;
  return undefined;
}

function write(files: MemoryFiles, path: string, text: string, message: string): MemoryCommandResult {
  if (path === MEMORY_ROOT || isDirectory(files, path)) return fail(files, `Error: ${path} is a directory.`);
  const tooBig = checkSize(files, path, text);
  if (tooBig) return fail(files, tooBig);
  // A file cannot sit where a directory of the new path would be.
  const parts = path.split('/');
  for (let level = 3; level < parts.length; level += 1)
    if (files.has(parts.slice(0, level).join('/')))
      return fail(files, `Error: ${parts.slice(0, level).join('/')} is a file.`);
  return ok(new Map(files).set(path, text), message);
}

function text(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  return typeof value === 'string' ? value : undefined;
}

/** Runs one memory tool call (`tool_use.input`) against `files`. Never throws: every refusal is an error result. */
export function runMemoryCommand(files: MemoryFiles, input: unknown): MemoryCommandResult {
  if (!isRecord(input)) return fail(files, 'Error: The input must be an object with a command.');
  const command = input['command'];
  if (command === 'rename') return rename(files, input);
  const resolved = resolveMemoryPath(input['path']);
  if ('error' in resolved) return fail(files, resolved.error);
  const { path } = resolved;
  switch (command) {
    case 'view':
      return view(files, path, input['view_range']);
    case 'create': {
      const body = text(input, 'file_text');
      if (body === undefined) return fail(files, 'Error: file_text is required.');
      if (files.has(path)) return fail(files, `Error: File ${path} already exists`);
      return write(files, path, body, `File created successfully at: ${path}`);
    }
    case 'str_replace': {
      const oldStr = text(input, 'old_str');
      const newStr = text(input, 'new_str') ?? '';
      const content = files.get(path);
      if (content === undefined) return fail(files, missing(path));
      if (oldStr === undefined || oldStr === '') return fail(files, 'Error: old_str is required.');
      const count = content.split(oldStr).length - 1;
      if (count === 0)
        return fail(files, `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${path}.`);
      if (count > 1) {
        const lines = content
          .split('\n')
          .flatMap((line, index) => (line.includes(oldStr) ? [index + 1] : []))
          .join(', ');
        return fail(
          files,
          `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${lines}. Please ensure it is unique`,
        );
      }
      return write(
        files,
        path,
        content.replace(oldStr, () => newStr),
        'The memory file has been edited.',
      );
    }
    case 'insert': {
      const content = files.get(path);
      if (content === undefined) return fail(files, missing(path));
      const line = input['insert_line'];
      const insertText = text(input, 'insert_text');
      if (insertText === undefined) return fail(files, 'Error: insert_text is required.');
      const lines = content.split('\n');
      if (typeof line !== 'number' || !Number.isInteger(line) || line < 0 || line > lines.length)
        return fail(
          files,
          `Error: Invalid \`insert_line\` parameter: ${String(line)}. It should be within the range of lines of the file: [0, ${lines.length}]`,
        );
      const next = [...lines.slice(0, line), ...insertText.split('\n'), ...lines.slice(line)].join('\n');
      return write(files, path, next, `The file ${path} has been edited.`);
    }
    case 'delete': {
      if (path === MEMORY_ROOT) return fail(files, `Error: ${MEMORY_ROOT} itself cannot be deleted.`);
      const next = new Map([...files].filter(([key]) => key !== path && !key.startsWith(`${path}/`)));
      if (next.size === files.size) return fail(files, missing(path));
      return ok(next, `Successfully deleted ${path}`);
    }
    default:
      return fail(
        files,
        `Error: Unknown command ${JSON.stringify(command)}; the commands are view, create, str_replace, insert, delete and rename.`,
      );
  }
}

function rename(files: MemoryFiles, input: Record<string, unknown>): MemoryCommandResult {
  const from = resolveMemoryPath(input['old_path']);
  if ('error' in from) return fail(files, from.error);
  const to = resolveMemoryPath(input['new_path']);
  if ('error' in to) return fail(files, to.error);
  if (from.path === MEMORY_ROOT || to.path === MEMORY_ROOT)
    return fail(files, `Error: ${MEMORY_ROOT} cannot be renamed.`);
  if (files.has(to.path) || isDirectory(files, to.path))
    return fail(files, `Error: The destination ${to.path} already exists`);
  if (to.path.startsWith(`${from.path}/`)) return fail(files, `Error: ${from.path} cannot be moved into itself.`);
  const moved = [...files].filter(([key]) => key === from.path || key.startsWith(`${from.path}/`));
  if (moved.length === 0) return fail(files, missing(from.path));
  const next = new Map(files);
  for (const [key, content] of moved) {
    next.delete(key);
    next.set(to.path + key.slice(from.path.length), content);
  }
  return ok(next, `Successfully renamed ${from.path} to ${to.path}`);
}
