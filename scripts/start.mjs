#!/usr/bin/env node
// `npm start`: the demo MCP server and the app's dev server together, for a newcomer.
// Prints the app's address; Ctrl+C stops both.
//
// Why the dev server and not the production build: it is up in seconds (a build takes a minute or more on a
// laptop, Monaco alone is 4 MB), and people who start Loupe from a clone often change it. What used to make
// dev worse for a newcomer is handled: the page shows a loading indicator from the first byte (index.html),
// every dependency is pre-bundled at start (vite.config.ts `optimizeDeps.entries`, so no "optimized
// dependencies changed. reloading" on first use), it sends the same CSP header as the build, and an e2e
// project (`dev-server` in playwright.config.ts) smoke-tests it under React StrictMode.
// See docs/decisions/npm-start-dev-server.md.
//
// The CORS helper is not started here: Loupe's dev server starts it when the person asks for it (the
// "Connect through the CORS helper" button), with a fresh token (server/vite-cors-helper-plugin.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });

async function pickPort(preferred) {
  for (let port = preferred; port < preferred + 50; port += 1) if (await isFree(port)) return port;
  throw new Error(`No free port near ${preferred}.`);
}

const demoPort = await pickPort(Number(process.env.DEMO_SERVER_PORT ?? 3001));
const appPort = await pickPort(Number(process.env.PORT ?? 5173));
const demoUrl = `http://localhost:${demoPort}/mcp`;
// The demo server answers only the pages of this Loupe (its Origin check), on any loopback name.
const appOrigins = ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${appPort}`);
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
run('app', process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(appPort), '--strictPort'], {
  VITE_DEMO_SERVER_URL: demoUrl,
});

console.info(
  `\n  Loupe is starting:  http://localhost:${appPort}/\n  Demo MCP server:    ${demoUrl}\n  CORS helper:        started when you ask for it (offered when a local server fails for CORS)\n  (Ctrl+C stops both)\n`,
);
