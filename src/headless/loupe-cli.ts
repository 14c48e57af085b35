// Entry of `npm run loupe`: the headless runner. Node only; everything it runs is the app's own code.
import { readFile, writeFile } from 'node:fs/promises';
import { parseCliArgs, USAGE } from './parse-cli-args';
import { runSuiteCommand } from './run-suite-command';

async function main(): Promise<number> {
  if (process.argv[2] === 'convert') {
    const { runConvertCommand } = await import('./convert-command');
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    return runConvertCommand(process.argv.slice(3), {
      readFile: (path) => readFile(path, 'utf8'),
      writeFile: (path, text) => writeFile(path, text, 'utf8'),
      out: (text) => process.stdout.write(text),
      err: (line) => console.error(line),
      appVersion: pkg.version,
      now: () => Date.now(),
    });
  }
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
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return runSuiteCommand(parsed.value, {
    env: process.env,
    readFile: (path) => readFile(path, 'utf8'),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    out: (line) => console.info(line),
    err: (line) => console.error(line),
    appVersion: pkg.version,
    signal: controller.signal,
  });
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return 2;
});
