// Secrets and redirects in a real browser: a model that echoes the key cannot put it in any export, and an MCP
// server that redirects Loupe elsewhere is refused before anything (the person's headers included) reaches the target.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chooseMockAnthropic, MOCK_API_KEY } from './fixtures/choose-mock-anthropic';
import { localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { sendMessage } from './fixtures/run-message';
import { enqueue } from './fixtures/mock-control';

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': '*, authorization',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, Location',
};

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('a model that echoes the key: the transcript, the report and every round export write REDACTED, and say so', async ({
  page,
}) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  const enqueued = await enqueue([
    {
      content: [
        { type: 'text', text: `Your key is ${MOCK_API_KEY}; checking the weather.` },
        { type: 'tool_use', id: 'toolu_echo', name: 'demo__weather_get', input: { city: 'Paris' } },
      ],
    },
    { content: [{ type: 'text', text: 'Done.' }] },
  ]);
  expect(enqueued.ok).toBe(true);
  await sendMessage(page, 'What is my key?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  // The run itself still shows what the model said: only what leaves is redacted.
  const round2 = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 2' });
  await expect(page.getByRole('article', { name: 'Round 1' })).toContainText(MOCK_API_KEY);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = readFileSync(await (await download).path(), 'utf8');
  expect(transcript).not.toContain(MOCK_API_KEY);
  expect(transcript).toContain('Your key is REDACTED; checking the weather.');
  await expect(page.getByRole('status', { name: 'Transcript export' })).toContainText(
    'Your API key or a server credential appeared in this run',
  );

  const reportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const report = readFileSync(await (await reportDownload).path(), 'utf8');
  expect(report).not.toContain(MOCK_API_KEY);
  expect(report).toContain('REDACTED');
  await expect(page.getByRole('status', { name: 'Report export' })).toContainText('the export writes REDACTED');

  for (const [format, label] of [
    ['curl', 'curl'],
    ['TypeScript', 'TypeScript'],
    ['Python', 'Python'],
    ['JSON', 'JSON'],
  ] as const) {
    await round2.getByRole('button', { name: format, exact: true }).click();
    const text = (await round2.getByLabel(`Round 2 as ${label}`).textContent()) ?? '';
    expect(text).toContain('Your key is REDACTED');
    expect(text).not.toContain(MOCK_API_KEY);
    await expect(round2.getByRole('list', { name: 'Round 2 request notes' })).toContainText(
      'the export writes REDACTED',
    );
  }
});

test('an MCP server that 307-redirects to another origin: refused with a clear status, the target sees nothing', async ({
  page,
}) => {
  const seenByTarget: IncomingHttpHeaders[] = [];
  const target = await listen((request, response) => {
    seenByTarget.push(request.headers);
    response.writeHead(request.method === 'OPTIONS' ? 204 : 404, cors).end();
  });
  const redirecting = await listen((request, response) => {
    if (request.method === 'OPTIONS') response.writeHead(204, cors).end();
    else response.writeHead(307, { ...cors, Location: `${target.origin}/mcp` }).end();
  });
  try {
    await page.goto('/');
    await openSidebarTab(page, 'Servers');
    const servers = page.getByRole('list', { name: 'Servers' });
    const name = localServerName(Number(new URL(redirecting.origin).port));
    await page.getByRole('textbox', { name: 'Server URL' }).fill(`${redirecting.origin}/mcp`);
    await page.getByRole('button', { name: 'Add server' }).click();
    const item = servers.getByRole('listitem', { name: `${name} error` });
    await expect(item).toContainText('The server answered with a redirect to Loupe’s request for');
    await expect(item).toContainText('Loupe does not follow redirects for MCP requests: use the final address.');

    // With a credential header too: still refused, and the header never leaves for the target.
    await servers.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit server ${name}` });
    await dialog
      .getByRole('textbox', { name: 'Headers (one "Name: value" per line, kept in memory only)' })
      .fill('X-Api-Key: e2e-secret-for-the-first-server');
    await dialog.getByRole('button', { name: 'Save and reconnect' }).click();
    await expect(servers.getByRole('listitem', { name: `${name} error` })).toContainText(
      'Loupe does not follow redirects for MCP requests',
    );
    expect(seenByTarget).toEqual([]);
  } finally {
    for (const { server } of [target, redirecting]) {
      server.closeAllConnections();
      server.close();
    }
  }
});
