// Entry of `npm run loupe`: the headless runner. Node only; everything it runs is the app's own code.
import { readFile, writeFile } from 'node:fs/promises';
import { parseCliArgs, USAGE } from './parse-cli-args';
import { parseConvertArgs } from './parse-convert-args';
import { runSuiteCommand } from './run-suite-command';

async function readVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** `convert`: the converter loads only for this command. */
async function convert(argv: readonly string[]): Promise<number> {
  const parsed = parseConvertArgs(argv);
  if (!parsed.ok) {
    console.error(parsed.message);
    return 2;
  }
  const { runConvertCommand } = await import('./run-convert-command');
  return runConvertCommand(parsed.value, {
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    out: (line) => console.info(line),
    err: (line) => console.error(line),
    appVersion: await readVersion(),
    now: () => Date.now(),
  });
}

async function main(): Promise<number> {
  if (process.argv[2] === 'convert') return convert(process.argv.slice(3));
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.ok === 'help') {
    console.info(USAGE);
    return 0;
  }
  if (!parsed.ok) {
    console.error(parsed.message);
    return 2;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  return runSuiteCommand(parsed.value, {
    env: process.env,
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    out: (line) => console.info(line),
    err: (line) => console.error(line),
    appVersion: await readVersion(),
    signal: controller.signal,
  });
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return 2;
});
