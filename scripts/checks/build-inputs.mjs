// What a production build of the app is made from, as one hash: the files Vite reads (the app's source without
// its tests, public/, index.html, the Vite config and the server/ plugins it imports, the TypeScript configs,
// package.json and the lock file) and the environment the build bakes in (VITE_* and LOUPE_* variables).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

const inputs = /^(src\/|public\/|server\/|index\.html$|vite\.config\.ts$|tsconfig[^/]*\.json$|package(-lock)?\.json$)/;
const notRead = /\.test\.tsx?$|\.md$/;

/** The paths the build reads, as git knows them (tracked, and untracked but not ignored), sorted. */
export function listBuildInputs() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((path) => inputs.test(path) && !notRead.test(path) && existsSync(path))
    .sort();
}

/** The hash of the build inputs' paths and contents and of the build's environment. */
export function hashBuildInputs(env = process.env) {
  const hash = createHash('sha256');
  for (const path of listBuildInputs()) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  const baked = Object.keys(env)
    .filter((name) => name.startsWith('VITE_') || name.startsWith('LOUPE_'))
    .sort();
  for (const name of baked) hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}
