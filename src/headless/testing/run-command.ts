// Runs `loupe test` in this process with files in memory and every line kept: the integration tests' driver.
import { parseCliArgs } from '../parse-cli-args';
import { runSuiteCommand, type CommandIo } from '../run-suite-command';

export interface CommandRun {
  code: number;
  out: string[];
  err: string[];
  /** Files written or appended to, by path. */
  written: Record<string, string>;
  /** The last line printed: always the closing count when the suite ran. */
  last: string | undefined;
}

/** Runs `args` with `files` readable and `env` as the environment; `extra` adds to the command's io. */
export async function runCommand(
  args: string[],
  files: Record<string, string>,
  env: Record<string, string> = {},
  extra: Partial<CommandIo> = {},
): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const parsed = parseCliArgs(args);
  if (parsed.ok !== true) throw new Error(parsed.ok === false ? parsed.message : 'help');
  const code = await runSuiteCommand(parsed.value, {
    env,
    readFile: (path) =>
      path in files ? Promise.resolve(files[path] ?? '') : Promise.reject(new Error('ENOENT: no such file')),
    writeFile: (path, text) => {
      written[path] = text;
      return Promise.resolve();
    },
    appendFile: (path, text) => {
      written[path] = (written[path] ?? '') + text;
      return Promise.resolve();
    },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    appVersion: 'test',
    ...extra,
  });
  return { code, out, err, written, last: out.at(-1) };
}
