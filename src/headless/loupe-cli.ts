// Entry of `npm run loupe`: the headless runner. Node only; everything it runs is the app's own code.
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { startInProcess } from '../../server/bridge/start-in-process.ts';
import { KEY_VARIABLES } from './read-secret-bindings';
import { parseCliArgs, USAGE } from './parse-cli-args';
import { parseConvertArgs } from './parse-convert-args';
import { runSuiteCommand } from './run-suite-command';

/** What a suite's stdio server must not inherit: the runner's keys and where they may go. */
const STDIO_HIDDEN_VARIABLES = [
  ...Object.values(KEY_VARIABLES),
  'LOUPE_SERVER_HEADERS',
  'LOUPE_KEY_ORIGINS',
  'LOUPE_BRIDGE_TOKEN',
] as const;

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
    readFile: async (path) => new Uint8Array(await readFile(path)),
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
    appendFile: (path, text) => appendFile(path, text, 'utf8'),
    out: (line) => console.info(line),
    err: (line) => console.error(line),
    appVersion: await readVersion(),
    signal: controller.signal,
    // A suite's stdio servers run through the bridge's own code in this process; they never see the keys.
    startStdio: (servers) =>
      startInProcess(servers, {
        withoutEnv: [...STDIO_HIDDEN_VARIABLES],
        log: (line) => console.error(line),
      }),
  });
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return 2;
});
