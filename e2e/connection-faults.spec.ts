// Faults at the boundaries, as a person meets them: the MCP server of a slow call goes away mid-call (the call fails
// at once with the reason, the run goes on, the server shows the loss and comes back by itself), and the model's
// reply is cut mid-stream (the round says so, keeps what arrived, and Retry round finishes the run). Both the MCP
// server (the SDK's, test/servers/fault-server.ts) and the mock Messages API sit behind a TCP fault proxy.
import type { McpHttpHandle } from '../server/serve-mcp-http';
import { startFaultServer } from '../test/servers/fault-server';
import { startFaultProxy, type FaultProxy } from '../test/support/fault-proxy';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { E2E_PORTS, e2eUrls, localServerName, loupeOrigins } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';

/** The browser logs each refused or cut request; those are the faults this spec makes. */
function allowNetworkFaultLogs(pageErrors: string[]): void {
  pageErrors.splice(
    0,
    pageErrors.length,
    ...pageErrors.filter((error) => !/net::ERR_|Failed to load resource/.test(error)),
  );
}

/** The call's duration as its card shows it (`951 ms`, `1.2 s`). */
function durationMs(text: string): number {
  const match = /(\d+(?:\.\d+)?) (ms|s)(?![a-z])/.exec(text);
  if (match === null) throw new Error(`no duration in ${text}`);
  return Number(match[1]) * (match[2] === 's' ? 1_000 : 1);
}

const enqueue = (replies: unknown[]) =>
  fetch(`${e2eUrls.mockApi}/__mock/enqueue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(replies),
  });

let server: McpHttpHandle;
let proxy: FaultProxy;
let held = 0;
/** When the server began the call (the same wall clock as the browser's). */
let heldAt = 0;

test.beforeEach(async () => {
  held = 0;
  server = await startFaultServer(
    () => {
      held += 1;
      heldAt = Date.now();
    },
    0,
    loupeOrigins,
  );
  proxy = await startFaultProxy(Number(new URL(server.url).port));
});
test.afterEach(async () => {
  await proxy.close();
  await server.close();
});

test('a slow call cut mid-way fails within 2 s with the reason; the run ends; the server comes back by itself', async ({
  page,
  pageErrors,
}) => {
  const name = localServerName(proxy.port);
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, proxy.url('/mcp'));
  const servers = page.getByRole('list', { name: 'Servers' });

  await enqueue([
    {
      content: [{ type: 'tool_use', id: 'toolu_slow_1', name: `${name}__slow-write`, input: { releaseAfterMs: 6000 } }],
      stop_reason: 'tool_use',
    },
    { content: [{ type: 'text', text: 'The write was cut off; I will not repeat it.' }], stop_reason: 'end_turn' },
  ]);
  await page.getByLabel('Message', { exact: true }).fill('Write it, please.');
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  const call = page
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: new RegExp(`${name}__slow-write`) });
  await expect(call).toContainText('running');
  await expect.poll(() => held).toBe(1);
  // The server goes away (the process in front of it is killed): connections cut, new ones refused.
  await proxy.down();
  const cutAt = Date.now();
  // Chromium says no more than that the network connection dropped (Node's fetch: "the server closed it").
  await expect(call).toContainText(`Connection to \`${name}\` lost during the call: the network connection dropped.`);
  // The call's own record: it began before the server held it, so it ended at most `heldAt + duration`. That
  // bound on the time from the cut to the failure does not depend on how fast the page is drawn.
  const duration = durationMs((await call.textContent()) ?? '');
  expect(heldAt + duration - cutAt).toBeLessThan(2_000);
  await expect(call).toContainText('tool-error');
  await expect(page.getByRole('article', { name: 'Round 1' })).toContainText(
    `Not run again: ${name}__slow-write is not marked read-only`,
  );
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(page.getByRole('article', { name: 'Round 2' })).toContainText('I will not repeat it.');

  await expect(servers.getByRole('listitem', { name: `${name} unreachable` })).toBeVisible();
  await expect(servers.getByRole('listitem', { name: `${name} unreachable` })).toContainText(
    'Loupe tries again by itself',
  );
  await proxy.up();
  await expect(servers.getByRole('listitem', { name: `${name} connected` })).toBeVisible();
  allowNetworkFaultLogs(pageErrors);
});

test('a model reply dropped mid-stream says so, keeps what arrived, and Retry round finishes the run', async ({
  page,
  pageErrors,
}) => {
  const api = await startFaultProxy(E2E_PORTS.mockApi);
  try {
    await page.goto('/');
    await chooseMockAnthropic(page);
    await page.getByRole('textbox', { name: 'Base URL' }).fill(api.url(''));
    await enqueue([{ content: [{ type: 'text', text: 'Half an answer' }], holdAfterEvents: 4 }]);
    await page.getByLabel('Message', { exact: true }).fill('Answer, please.');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const round = page.getByRole('article', { name: 'Round 1' });
    await expect(round).toContainText('Half an answer');
    api.strike({ kind: 'cut' });

    await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');
    const alert = page.getByRole('alert').filter({ hasText: 'broke off mid-stream' });
    await expect(alert).toContainText('What arrived is kept; Retry round sends the same request again.');
    await expect(alert).not.toContainText('Check the settings');
    await expect(round).toContainText('Half an answer');

    await fetch(`${e2eUrls.mockApi}/__mock/release`, { method: 'POST' });
    await enqueue([{ content: [{ type: 'text', text: 'The whole answer.' }], stop_reason: 'end_turn' }]);
    await round.getByRole('button', { name: 'Retry round' }).click();
    await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
    await expect(page.getByRole('article', { name: 'Round 1' })).toContainText('The whole answer.');
  } finally {
    await api.close();
  }
  allowNetworkFaultLogs(pageErrors);
});
