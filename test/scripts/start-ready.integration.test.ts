// `npm start` claims the app is there when it prints "Loupe is ready: <address>". Both halves of that claim:
// the wait answers only once every address answers 200, and the real script's line comes only after its
// address answers (a request sent the moment the line is read gets the page, never a refused connection).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const { waitUntilAnswering } = (await import(
  pathToFileURL(join(process.cwd(), 'scripts/start/wait-until-answering.mjs')).href
)) as { waitUntilAnswering: (urls: string[], options?: { timeoutMs?: number }) => Promise<void> };

describe('npm start readiness', () => {
  it('waits through refusals until every address answers 200', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(request.url ?? '');
      // The first three asks are refused as a server still starting would (503), then the page answers.
      response.writeHead(seen.length <= 3 ? 503 : 200).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await waitUntilAnswering([`http://127.0.0.1:${port}/`, `http://127.0.0.1:${port}/entry`]);
    server.close();
    expect(seen).toEqual(['/', '/', '/', '/', '/entry']);
  });

  it('prints the address only once it answers', { timeout: 180_000 }, async () => {
    const port = 22461;
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        DEMO_SERVER_PORT: String(port + 1),
        LOUPE_START_MODE: 'dev',
        LOUPE_VITE_CACHE_DIR: 'node_modules/.cache/loupe/start-ready-test-vite',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          seen += chunk;
          const ready = /Loupe is ready:\s+(\S+)/.exec(seen);
          if (ready?.[1] !== undefined) resolve(ready[1]);
        });
        child.once('exit', (code) => reject(new Error(`npm start ended (${code}) before its line:\n${seen}`)));
      });
      expect(address).toBe(`http://localhost:${port}/`);
      const page = await fetch(address);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
