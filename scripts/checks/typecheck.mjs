#!/usr/bin/env node
// `npm run typecheck`: the three TypeScript projects (app, worker, node), each incremental — tsc keeps what it
// learned in node_modules/.cache/loupe/tsc-<project>.tsbuildinfo and rechecks only what a change can reach,
// so a second run after a one-file change takes seconds, not the minute of a cold one. Arguments name the
// projects to check (default all three); LOUPE_TYPECHECK_JOBS sets how many run at once (default 1: each tsc
// is one core and about a gigabyte).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatStageTimes, runStages } from './run-stages.mjs';

const cacheDir = 'node_modules/.cache/loupe';
export const TYPECHECK_PROJECTS = ['app', 'worker', 'node'];

/** One stage a project: `tsc -p tsconfig.<project>.json` with its own build-info file. */
export function typecheckStages(projects) {
  return projects.map((project) => ({
    name: `tsc ${project}`,
    command: process.execPath,
    args: [
      'node_modules/typescript/bin/tsc',
      '-p',
      `tsconfig.${project}.json`,
      '--incremental',
      '--tsBuildInfoFile',
      `${cacheDir}/tsc-${project}.tsbuildinfo`,
    ],
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((project) => !TYPECHECK_PROJECTS.includes(project));
  if (unknown.length > 0) {
    console.error(`Unknown project: ${unknown.join(', ')} (known: ${TYPECHECK_PROJECTS.join(', ')})`);
    process.exit(2);
  }
  mkdirSync(cacheDir, { recursive: true });
  const started = Date.now();
  const jobs = Number(process.env.LOUPE_TYPECHECK_JOBS) || 1;
  const results = await runStages(typecheckStages(asked.length > 0 ? asked : TYPECHECK_PROJECTS), { jobs });
  console.info(formatStageTimes(results, (Date.now() - started) / 1000).join('\n'));
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}
