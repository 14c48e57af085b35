#!/usr/bin/env node
// `npm start`: the demo MCP server and the app together, for a newcomer. Prints the app's address only once it
// answers; Ctrl+C stops both.
//
// Which server: the production build kept from an earlier start when nothing it is made from has changed
// (scripts/start/kept-build.mjs: `vite preview`, same headers as dev), otherwise the dev server — and then,
// once the dev server answers, that build is made in the background at low priority for the next start.
// Measured with `node scripts/measure-start.mjs`; why: docs/decisions/npm-start-dev-server.md.
// LOUPE_START_MODE=dev always serves the dev server; LOUPE_START_BUILD=0 skips the background build.
//
// The CORS helper is not started here: the app's server starts it when the person asks for it (the
// "Connect through the CORS helper" button), with a fresh token (server/vite-cors-helper-plugin.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { pickPort } from './start/free-port.mjs';
import { buildInBackground, isKeptBuildCurrent, keptBuildDir } from './start/kept-build.mjs';
import { waitUntilAnswering } from './start/wait-until-answering.mjs';

const demoPort = await pickPort(Number(process.env.DEMO_SERVER_PORT ?? 3001));
const appPort = await pickPort(Number(process.env.PORT ?? 5173));
const demoUrl = `http://localhost:${demoPort}/mcp`;
const appUrl = `http://localhost:${appPort}/`;
// The demo server answers only the pages of this Loupe (its Origin check), on any loopback name.
const appOrigins = ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${appPort}`);
// What the build bakes in; part of the kept build's hash, so a build for other ports is not served.
const buildEnv = { ...process.env, VITE_DEMO_SERVER_URL: demoUrl, LOUPE_PUBLIC_ORIGIN: `http://localhost:${appPort}` };
const children = [];
// The stdio bridge (`npm run bridge`) answers these pages too: it reads this note while this process runs
// (server/bridge/bridge-origins.ts), so a Loupe that moved off 5173 needs no --allow-origin.
const originsNote = new URL('../node_modules/.cache/loupe/app-origins.json', import.meta.url);
mkdirSync(new URL('.', originsNote), { recursive: true });
writeFileSync(originsNote, JSON.stringify({ pid: process.pid, origins: appOrigins }));

function run(name, command, args, env) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n')) if (line.trim()) process.stdout.write(prefix(line) + '\n');
    });
  }
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(prefix(`exited with code ${code}`));
    shutdown(code ?? 0);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  rmSync(originsNote, { force: true });
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('demo-server', process.execPath, ['--import', 'tsx', 'server/demo-server-main.ts'], {
  PORT: String(demoPort),
  LOUPE_ALLOWED_ORIGINS: [...appOrigins, process.env.LOUPE_ALLOWED_ORIGINS ?? ''].filter(Boolean).join(','),
});
const servesBuild = process.env.LOUPE_START_MODE !== 'dev' && isKeptBuildCurrent(buildEnv);
const vite = 'node_modules/vite/bin/vite.js';
const app = servesBuild
  ? run('app', process.execPath, [vite, 'preview', '--outDir', keptBuildDir, '--port', String(appPort), '--strictPort'])
  : run('app', process.execPath, [vite, '--port', String(appPort), '--strictPort'], { VITE_DEMO_SERVER_URL: demoUrl });

console.info(`\n  Loupe is starting (${servesBuild ? 'the build kept from the last start' : 'the dev server'})…`);
// The dev server transforms the entry on its first request: asking for it here spares the browser that wait.
const probes = servesBuild ? [appUrl] : [appUrl, `${appUrl}src/app/main.tsx`];
try {
  await waitUntilAnswering(probes, { isGone: () => app.exitCode !== null });
} catch (error) {
  console.error(`  ${error instanceof Error ? error.message : String(error)}`);
  shutdown(1);
}
console.info(
  `\n  Loupe is ready:      ${appUrl}\n  Demo MCP server:     ${demoUrl}\n  CORS helper:         started when you ask for it (offered when a local server fails for CORS)\n  ${servesBuild ? 'Serving the build (source unchanged since it was made); `npm run dev` reloads as you edit.' : 'Dev server: reloads as you edit.'}\n  (Ctrl+C stops both)\n`,
);
if (!servesBuild && process.env.LOUPE_START_MODE !== 'dev') {
  const child = buildInBackground(buildEnv, (ok) => {
    if (ok) console.info('  [build] made for the next start: it will be served while the source is unchanged.');
  });
  if (child) children.push(child);
}
