// A server that speaks only the older HTTP+SSE transport (2024-11-05), in the production build: added by URL as a
// person would, it connects over its event stream (the worker loads the eventsource package only then), and a
// run's tool call travels over that stream's session. A stream whose endpoint names another origin is refused.
import type { Page, Response } from '@playwright/test';
import { E2E_PORTS, e2eUrls, FOREIGN_SSE_ENDPOINT, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';
import { expectDemoConnected, useMockAnthropic } from './fixtures/demo-connected';
import { mockRequests } from './fixtures/mock-control';
import { runToEnd } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';
import { sendOnly } from './fixtures/tools-panel';
import { sseEchoText } from '../test/servers/sse-echo-server';

// A string only the eventsource package's code holds: the chunk carrying it is the package.
const EVENTSOURCE_MARKER = 'Server sent HTTP 204, not reconnecting';
// Said by the worker's stand-in for the package (src/mcp/sdk/lazy-event-source.ts), in the worker's MCP SDK chunk.
const STAND_IN_MARKER = 'The HTTP+SSE transport could not be loaded';

/**
 * Watches the scripts the app (page or worker) loads; `holding(marker)` names those whose code holds `marker`,
 * once every script seen so far has been read (so none still being read is missed).
 */
function watchScripts(page: Page): { holding(marker: string): Promise<string[]> } {
  const reads: Promise<{ url: string; text: string }>[] = [];
  page.context().on('response', (response: Response) => {
    if (!response.url().endsWith('.js')) return;
    reads.push(
      response.text().then(
        (text) => ({ url: response.url(), text }),
        () => ({ url: response.url(), text: '' }),
      ),
    );
  });
  return {
    holding: async (marker) =>
      (await Promise.all(reads)).filter((script) => script.text.includes(marker)).map((script) => script.url),
  };
}

const sessionOf = (url: string | undefined): string | null =>
  url === undefined ? null : new URL(url).searchParams.get('sessionId');

interface RecordedRequest {
  body: { messages: { role: string; content: { type: string; content?: unknown }[] | string }[] };
}

test('an HTTP+SSE-only server: added by URL, connected over its stream, its tool called in a run', async ({ page }) => {
  const name = localServerName(E2E_PORTS.sseServer);
  const scripts = watchScripts(page);
  const sseRequests: { method: string; url: string; accept: string | undefined }[] = [];
  page.context().on('request', (request) => {
    if (new URL(request.url()).port === String(E2E_PORTS.sseServer))
      sseRequests.push({ method: request.method(), url: request.url(), accept: request.headers()['accept'] });
  });
  // The demo server connects over streamable HTTP first: the worker has loaded its MCP SDK chunk (stand-in and
  // all), not the eventsource package.
  await useMockAnthropic(page);
  expect(await scripts.holding(STAND_IN_MARKER)).toHaveLength(1);
  expect(await scripts.holding(EVENTSOURCE_MARKER)).toEqual([]);

  const item = await addServer(page, e2eUrls.sseServer);
  await expect(item).toContainText(/1 tool · sse-echo 1\.0\.0 · MCP \d{4}-\d\d-\d\d \(2025 era\)/);
  // The POST of streamable HTTP was refused (405); the stream's GET then, and each message POSTed where it said.
  // The 2026-07-28 probe and the 2025 initialize were each POSTed to the URL and refused (405); then the stream's
  // GET, and every message POSTed where the stream's endpoint event said.
  const seen = () => sseRequests.map((request) => `${request.method} ${new URL(request.url).pathname}`);
  expect(seen().slice(0, 3)).toEqual(['POST /mcp', 'POST /mcp', 'GET /mcp']);
  expect(sseRequests[2]?.accept).toBe('text/event-stream');
  expect(seen().slice(3)).toEqual(
    seen()
      .slice(3)
      .map(() => 'POST /messages'),
  );
  const sessionId = sessionOf(sseRequests[3]?.url) ?? '';
  expect(sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  // The worker's stand-in fetched the real package on that first stream, as a chunk of its own.
  expect(await scripts.holding(EVENTSOURCE_MARKER)).toEqual([expect.stringMatching(/\/assets\/[\w-]+\.js$/)]);

  await sendOnly(page, `${name}__echo`);
  await runToEnd(page, 'Echo a city over the old transport.');
  const answer = sseEchoText(sessionId, 'Paris');
  const call = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: `${name}__echo ok` });
  await expect(call).toContainText(answer);
  // The call went over the same stream's session, with no second stream opened.
  expect(seen().filter((request) => request === 'GET /mcp')).toHaveLength(1);
  expect(new Set(sseRequests.slice(3).map((request) => sessionOf(request.url)))).toEqual(new Set([sessionId]));
  // The model was sent the server's own answer as the tool result.
  const requests = await mockRequests<RecordedRequest>();
  expect(requests).toHaveLength(2);
  const result = requests[1]?.body.messages[2]?.content;
  expect(Array.isArray(result) ? result[0] : undefined).toMatchObject({
    type: 'tool_result',
    content: [{ type: 'text', text: answer }],
  });
});

test('an HTTP+SSE stream whose endpoint names another origin is refused; nothing is POSTed there', async ({ page }) => {
  const name = localServerName(E2E_PORTS.sseForeignEndpointServer);
  const foreignOrigin = new URL(FOREIGN_SSE_ENDPOINT).origin;
  const toForeign: string[] = [];
  const streams: string[] = [];
  page.context().on('request', (request) => {
    if (new URL(request.url()).origin === foreignOrigin) toForeign.push(`${request.method()} ${request.url()}`);
    if (request.url() === e2eUrls.sseForeignEndpointServer && request.method() === 'GET') streams.push(request.url());
  });
  await page.goto('/');
  await expectDemoConnected(page);
  const item = await addServer(page, e2eUrls.sseForeignEndpointServer, { connected: false });
  await expect(item).toHaveAccessibleName(`${name} error`);
  // The stream was opened, and the client would not follow its endpoint elsewhere.
  expect(streams.length).toBeGreaterThan(0);
  expect(toForeign).toEqual([]);
  // Said as what happened, not as the 405 of the streamable HTTP attempt before (which would blame the path).
  await expect(item.getByRole('alert')).toContainText(
    `The server speaks the older HTTP+SSE transport, but its stream named another origin (${foreignOrigin}) to send messages to; Loupe refused.`,
  );
  await expect(item.getByRole('alert')).not.toContainText('405');
  await openSidebarTab(page, 'Tools');
  await expect(
    page.getByRole('region', { name: 'Tools' }).getByRole('switch', { name: `Send ${name}__echo` }),
  ).toHaveCount(0);
});
