#!/usr/bin/env node
// `npm start`: the demo MCP server and the app's dev server together, for a newcomer.
// Prints the app's address; Ctrl+C stops both.
import { spawn } from 'node:child_process';
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
const corsHelperPort = await pickPort(Number(process.env.CORS_HELPER_PORT ?? 3002));
const corsHelperUrl = `http://127.0.0.1:${corsHelperPort}`;
const demoUrl = `http://localhost:${demoPort}/mcp`;
const children = [];

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
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('demo-server', process.execPath, ['--import', 'tsx', 'server/demo-server-main.ts'], { PORT: String(demoPort) });
run('cors-helper', process.execPath, ['--import', 'tsx', 'server/cors-helper-main.ts'], {
  PORT: String(corsHelperPort),
});
run('app', process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(appPort), '--strictPort'], {
  VITE_DEMO_SERVER_URL: demoUrl,
  VITE_CORS_HELPER_URL: corsHelperUrl,
});

console.info(
  `\n  Loupe is starting:  http://localhost:${appPort}/\n  Demo MCP server:    ${demoUrl}\n  CORS helper:        ${corsHelperUrl} (dev only; offered when a server fails for CORS)\n  (Ctrl+C stops both)\n`,
);
