#!/usr/bin/env node
// `node scripts/build-once.mjs <outDir>`: the production build into <outDir>, unless the build already there was
// made from the same inputs (scripts/checks/build-inputs.mjs; the hash is kept in <outDir>/.build-inputs). The
// end-to-end stack builds this way, so a run after the first starts in seconds when the app did not change.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashBuildInputs } from './checks/build-inputs.mjs';

const outDir = process.argv[2];
if (!outDir) {
  console.error('Usage: node scripts/build-once.mjs <outDir>');
  process.exit(2);
}
const stamp = join(outDir, '.build-inputs');
const hash = hashBuildInputs();
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
  console.info(`${outDir}: built from these inputs already (${hash.slice(0, 12)}), kept`);
  process.exit(0);
}
// A build that stops half way must not be taken for a whole one next time.
rmSync(stamp, { force: true });
const built = spawnSync(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir'],
  {
    stdio: 'inherit',
  },
);
if (built.status !== 0) process.exit(built.status ?? 1);
writeFileSync(stamp, hash);
console.info(`${outDir}: built (${hash.slice(0, 12)})`);
