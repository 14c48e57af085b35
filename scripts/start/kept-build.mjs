// The production build `npm start` keeps between starts: served (with `vite preview`, which sends the same
// headers as dev) when the build's inputs have not changed since it was made, so a second start is ready in a
// second or two instead of waiting for the dev server to transform ~1,000 modules. Measured by
// scripts/measure-start.mjs; see docs/decisions/npm-start-dev-server.md.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { hashBuildInputs } from '../checks/build-inputs.mjs';

/** Where the kept build lives (ignored by git with the rest of node_modules); LOUPE_START_BUILD_DIR moves it. */
export const keptBuildDir = process.env.LOUPE_START_BUILD_DIR ?? 'node_modules/.cache/loupe/start-build';

/** True when the kept build was made from exactly these inputs and this environment (its baked-in URLs). */
export function isKeptBuildCurrent(env, dir = keptBuildDir) {
  const stamp = join(dir, '.build-inputs');
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === hashBuildInputs(env);
}

/**
 * Builds into the kept folder at the lowest priority, after the dev server answers, so the next start can
 * serve it; its output goes to `<dir>.log`, not the terminal. Returns the child, or undefined when
 * LOUPE_START_BUILD=0 turns this off.
 */
export function buildInBackground(env, onDone, dir = keptBuildDir) {
  if (env.LOUPE_START_BUILD === '0') return undefined;
  mkdirSync(join(dir, '..'), { recursive: true });
  const log = openSync(`${dir}.log`, 'w');
  const child = spawn(process.execPath, ['scripts/build-once.mjs', dir], { stdio: ['ignore', log, log], env });
  closeSync(log);
  try {
    if (child.pid !== undefined) setPriority(child.pid, 19);
  } catch {
    // Not allowed on some systems; the build still runs, at normal priority.
  }
  child.on('exit', (code) => onDone(code === 0));
  return child;
}
