// A stdio server from npm (@modelcontextprotocol/server-memory, pinned) reached through `npm run bridge`: Loupe
// connects with the printed URL, a run calls its tools, its stderr shows in the server log, the mcpServers import
// hands over the command and connects; foreign pages and requests without the token are refused.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { E2E_PORTS, e2eUrls, loupeOrigins } from './fixtures/e2e-ports';
import { openForeignPage } from './fixtures/foreign-page';
import { expect, test } from './fixtures/loupe-test';
import { importMcpServers } from './fixtures/import-mcp-servers';
import { addServer } from './fixtures/add-server';
import { openSidebarTab } from './fixtures/sidebar';
import { sendMessage } from './fixtures/run-message';
import { enqueue } from './fixtures/mock-control';
import { roundCall } from './fixtures/timeline';
import { mcpPostHeaders, rawInitialize } from '../server/raw-request.test-support';

const memoryServer = 'node_modules/@modelcontextprotocol/server-memory/dist/index.js';
const memoryFile = join(mkdtempSync(join(tmpdir(), 'loupe-bridge-e2e-')), 'memory.jsonl');
let bridge: ChildProcessWithoutNullStreams;
let bridgeUrl = '';
let bridgeExited: Promise<number | null>;

test.beforeAll(async () => {
  bridge = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/bridge/bridge-main.ts',
      '--port',
      String(E2E_PORTS.bridge),
      ...loupeOrigins.flatMap((origin) => ['--allow-origin', origin]),
      '--env',
      `MEMORY_FILE_PATH=${memoryFile}`,
      'node',
      memoryServer,
    ],
    { stdio: 'pipe' },
  );
  bridgeExited = new Promise((resolve) => bridge.once('exit', resolve));
  bridgeUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^Bridge ready: (\S+)$/m.exec(output)?.[1];
      if (url !== undefined) resolve(url);
    };
    bridge.stdout.on('data', read);
    bridge.stderr.on('data', read);
    void bridgeExited.then((code) => reject(new Error(`The bridge exited (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  bridge.kill('SIGTERM');
  expect(await bridgeExited).toBe(0);
});

const bridgeName = `server${E2E_PORTS.bridge}`;

test("Loupe connects with the URL the bridge printed and a run calls the stdio server's tools", async ({ page }) => {
  expect(bridgeUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PORTS.bridge}/mcp\\?token=[\\w-]{43}$`));
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, bridgeUrl);
  await openSidebarTab(page, 'Tools');
  const tools = page.getByRole('region', { name: 'Tools' }).getByRole('list', { name: `Tools of ${bridgeName}` });
  await expect(tools).toContainText('create_entities');
  await expect(tools).toContainText('read_graph');

  await enqueue([
    {
      content: [
        {
          type: 'tool_use',
          id: 'toolu_create',
          name: `${bridgeName}__create_entities`,
          input: { entities: [{ name: 'Loupe', entityType: 'project', observations: ['steps through tool loops'] }] },
        },
      ],
      stop_reason: 'tool_use',
    },
    {
      content: [{ type: 'tool_use', id: 'toolu_read', name: `${bridgeName}__read_graph`, input: {} }],
      stop_reason: 'tool_use',
    },
    { content: [{ type: 'text', text: 'Remembered Loupe.' }], stop_reason: 'end_turn' },
  ]);
  await sendMessage(page, 'Remember Loupe.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn', { timeout: 60_000 });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(roundCall(timeline, 1, `${bridgeName}__create_entities ok`)).toContainText('steps through tool loops');
  await expect(roundCall(timeline, 2, `${bridgeName}__read_graph ok`)).toContainText('"name": "Loupe"');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('Remembered Loupe.');
  // The real stdio server did it: its file on disk holds the entity.
  expect(readFileSync(memoryFile, 'utf8')).toContain('"name":"Loupe"');

  // Its stderr (the start-up line) is in the server log.
  await openSidebarTab(page, 'Servers');
  await page.getByRole('button', { name: `Inspect ${bridgeName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Inspect ${bridgeName}` });
  await dialog.getByRole('tab', { name: 'Log' }).click();
  await expect(dialog.getByRole('list', { name: 'Server log' })).toContainText(
    'Knowledge Graph MCP Server running on stdio',
  );
});

test('the mcpServers import shows the bridge command for a stdio entry and connects with the URL pasted', async ({
  page,
}) => {
  await page.goto('/');
  await importMcpServers(page, {
    mcpServers: {
      memory: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        env: { MEMORY_FILE_PATH: '/tmp/my memory.jsonl' },
      },
    },
  });
  await expect(page.getByLabel('Bridge command for memory', { exact: true })).toHaveText(
    "npm run bridge -- --name memory --env 'MEMORY_FILE_PATH=/tmp/my memory.jsonl' npx -y @modelcontextprotocol/server-memory",
  );
  const entry = page.getByRole('listitem', { name: 'Stdio server memory' });
  await entry.getByLabel('Bridge URL for memory').fill(bridgeUrl.replace(/\?token=.*/, ''));
  await entry.getByRole('button', { name: 'Connect memory' }).click();
  await expect(entry).toContainText('no token');
  await entry.getByLabel('Bridge URL for memory').fill(bridgeUrl);
  await entry.getByRole('button', { name: 'Connect memory' }).click();
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'memory connected' }),
  ).toBeVisible();
});

test('the bridge refuses a foreign page, Origin: null and a request without the token', async ({
  page,
  pageErrors,
}) => {
  const initialize = rawInitialize('probe');
  const headers = mcpPostHeaders;
  // A page on another origin, in the real browser, even with the whole URL: no answer it can read.
  await openForeignPage(page);
  const fromForeignPage = await page.evaluate(
    async ({ url, body }) => {
      try {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return `read ${response.status}`;
      } catch (error) {
        return `blocked: ${String(error)}`;
      }
    },
    { url: bridgeUrl, body: initialize },
  );
  expect(fromForeignPage).toMatch(/^blocked: TypeError/);
  // The browser reports the blocked call in the console: here it is the point, not a page bug.
  pageErrors.splice(
    0,
    pageErrors.length,
    ...pageErrors.filter((error) => !/CORS policy|Failed to load resource/.test(error)),
  );
  for (const origin of ['http://evil.example', e2eUrls.mockApi, 'null']) {
    const refused = await fetch(bridgeUrl, { method: 'POST', headers: { ...headers, origin }, body: initialize });
    expect(refused.status, origin).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  }
  const withoutToken = await fetch(bridgeUrl.replace(/\?token=.*/, ''), {
    method: 'POST',
    headers: { ...headers, origin: loupeOrigins[0] ?? '' },
    body: initialize,
  });
  expect(withoutToken.status).toBe(401);
  const wrongToken = await fetch(`${bridgeUrl}x`, {
    method: 'POST',
    headers: { ...headers, origin: loupeOrigins[0] ?? '' },
    body: initialize,
  });
  expect(wrongToken.status).toBe(401);
});
