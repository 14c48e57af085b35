// A server signed in with OAuth, run through the API's MCP connector, end to end in Chromium: its access token goes
// as authorization_token only once the person ticks Send the token to the API (with a plain warning that it goes to
// Anthropic); the mock Messages API plays the connector and calls the OAuth server with it; the exported transcript
// and the stored run carry the token nowhere.
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { exportTranscript } from './fixtures/export-transcript';
import { expect, test } from './fixtures/loupe-test';
import { allowMockConnectorOnLoopback, messageRequests } from './fixtures/mock-control';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { sendMessage } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';
import { storedEventsText } from './fixtures/stored-events';

const name = localServerName(E2E_PORTS.oauthServer);

interface SentRequest {
  path: string;
  body: { mcp_servers?: { name: string; url: string; authorization_token?: string }[] };
}

test('an OAuth sign-in goes through the connector only when allowed, and its token is written down nowhere', async ({
  page,
}) => {
  await allowMockConnectorOnLoopback();
  await page.goto('/');
  await chooseMockAnthropic(page);
  await openSidebarTab(page, 'Servers');
  const item = await replaceDemoServer(page, e2eUrls.oauthServer, { name, connected: false });
  const popup = page.waitForEvent('popup');
  await item.getByRole('button', { name: `Sign in to ${name}` }).click();
  await expect.poll(async () => (await popup).isClosed()).toBe(true);
  await expect(item).toContainText('Signed in with OAuth');

  await item.getByRole('checkbox', { name: 'Run through the API' }).check();
  const send = item.getByRole('checkbox', { name: 'Send the token to the API' });
  await expect(send).toBeEnabled();
  await expect(item).toContainText("Your OAuth sign-in's access token goes inside each request");
  await expect(item.getByRole('note')).toHaveCount(0);

  // Without the token, the server turns the API away: the run ends in an error that says so.
  await sendMessage(page, 'Who am I?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('error');
  const [untokened] = await messageRequests<SentRequest>();
  expect(untokened?.body.mcp_servers).toEqual([{ type: 'url', name, url: e2eUrls.oauthServer }]);

  await send.check();
  await expect(item.getByRole('note')).toContainText('The token goes to Anthropic');
  await sendMessage(page, 'Who am I, through the API?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const token = (await messageRequests<SentRequest>())[1]?.body.mcp_servers?.[0]?.authorization_token ?? '';
  expect(token).toMatch(/^[0-9a-f-]{36}$/);
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round.getByRole('region', { name: new RegExp(`MCP connector · ${name}`) }).first()).toContainText(
    'signed in as',
  );

  const transcript = JSON.stringify(await exportTranscript(page));
  expect(transcript).toContain('mcp_tool_result');
  expect(transcript).not.toContain(token);
  expect(transcript).toContain('REDACTED');
  // The stored run keeps the request it sent (with mcp_servers), the token replaced.
  const stored = await storedEventsText(page);
  expect(stored).toContain('mcp_servers');
  expect(stored).not.toContain(token);
});
