// An MCP server behind OAuth 2.1: the person signs in from the server item, the popup comes back by itself,
// the server connects and its tool runs with the token; signing out asks again.
import type { Locator, Page } from '@playwright/test';
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { enqueue } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';

const name = localServerName(E2E_PORTS.oauthServer);

/** Records each window.open: its features, and whether the page got a handle on the window. */
async function recordWindowOpens(page: Page, { openWindow }: { openWindow: boolean }): Promise<void> {
  await page.addInitScript((open) => {
    const opens: { url: string; features: string; handle: boolean }[] = [];
    (window as unknown as { loupeOpens: typeof opens }).loupeOpens = opens;
    const original = window.open.bind(window);
    (window as unknown as { loupeRealOpen: typeof original }).loupeRealOpen = original;
    window.open = (url?: string | URL, target?: string, features?: string) => {
      const handle = open ? original(url, target, features) : null;
      opens.push({ url: String(url), features: features ?? '', handle: handle !== null });
      return handle;
    };
  }, openWindow);
}

async function windowOpens(page: Page): Promise<{ url: string; features: string; handle: boolean }[]> {
  return page.evaluate(
    () => (window as unknown as { loupeOpens: { url: string; features: string; handle: boolean }[] }).loupeOpens,
  );
}

async function addOAuthServer(page: Page): Promise<Locator> {
  const item = await replaceDemoServer(page, e2eUrls.oauthServer, { name, connected: false });
  await expect(item).toContainText('This server needs you to sign in');
  return item;
}

/** The sign-in window closes itself once Loupe takes its answer (it may be closed already); the server connects. */
async function expectSignedIn(page: Page, opening: Promise<Page>): Promise<void> {
  const popup = await opening;
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: `${name} connected` }),
  ).toBeVisible();
}

/** Signs in from the server item's button, in the popup it opens. */
async function signInThroughPopup(page: Page, item: Locator): Promise<void> {
  const opening = page.waitForEvent('popup');
  await item.getByRole('button', { name: `Sign in to ${name}` }).click();
  await expectSignedIn(page, opening);
}

test('sign in to an OAuth server in a popup, then run its tool', async ({ page }) => {
  await recordWindowOpens(page, { openWindow: true });
  await page.goto('/');
  await chooseMockAnthropic(page);
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  const item = await addOAuthServer(page);
  await expect(item).not.toContainText('connected');
  await signInThroughPopup(page, item);
  await expect(item).toContainText('Signed in with OAuth');
  // Which client registration the sign-in used: an http page has no metadata document, so dynamic registration.
  const [asked] = await windowOpens(page);
  const clientId = new URL(asked?.url ?? 'about:blank').searchParams.get('client_id') ?? '';
  expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(item).toContainText(`Signed in with OAuth · client: dynamic registration (${clientId})`);
  await expect(item).toContainText('1 tool');
  // The sign-in window was opened with noopener and noreferrer: Loupe holds no handle on it, nor it on Loupe.
  const [opened] = await windowOpens(page);
  expect(opened?.features.split(',')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  expect(opened?.handle).toBe(false);

  await enqueue([
    { content: [{ type: 'tool_use', id: 'toolu_who', name: `${name}__whoami`, input: {} }] },
    { content: [{ type: 'text', text: 'You are signed in.' }] },
  ]);
  await sendMessage(page, 'Who am I?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const call = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: new RegExp(`${name}__whoami`) });
  await expect(call).toContainText('ok');
  await call
    .getByText(/whoami/)
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(/signed in as [0-9a-f-]{36}/);

  await item.getByRole('button', { name: `Sign out of ${name}` }).click();
  await expect(servers.getByRole('listitem', { name: `${name} error` })).toContainText(
    'This server needs you to sign in',
  );
  // Not remembered: nothing about the sign-in was written to the device.
  expect(await page.evaluate(() => localStorage.getItem('loupe.oauth'))).toBeNull();
});

test('a crafted callback with a wrong state shows nothing, and the real sign-in still completes', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // The sign-in window is opened by hand below, so the forged answer deterministically comes first.
  await recordWindowOpens(page, { openWindow: false });
  await page.goto('/');
  const item = await addOAuthServer(page);
  await openSidebarTab(page, 'Servers');
  await item.getByRole('button', { name: `Sign in to ${name}` }).click();
  await expect(item).toContainText('Finish signing in in the window that opened');
  const [pending] = await windowOpens(page);

  const forged = await context.newPage();
  await forged.goto(
    `/oauth-callback.html?error=access_denied&error_description=${encodeURIComponent('Your account is locked: call +1 555 0100')}&state=forged`,
  );
  await expect(forged.getByText('Loupe has not taken this sign-in')).toBeVisible();
  await expect(forged.locator('body')).not.toContainText('555 0100');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('555 0100');
  await forged.close();

  // Now the real sign-in window, opened the way Loupe opens it.
  const popupPromise = context.waitForEvent('page');
  await page.evaluate(
    (url) =>
      (window as unknown as { loupeRealOpen: typeof window.open }).loupeRealOpen(
        url,
        '_blank',
        'popup,width=520,height=700,noopener,noreferrer',
      ),
    pending?.url ?? 'about:blank',
  );
  await expectSignedIn(page, popupPromise);
});

test('a hand-registered client id and scopes from the add form are what the sign-in asks with', async ({ page }) => {
  await recordWindowOpens(page, { openWindow: true });
  await page.goto('/');
  await chooseMockAnthropic(page);
  const item = await replaceDemoServer(page, e2eUrls.oauthServer, {
    name,
    connected: false,
    beforeAdd: async () => {
      await page.getByText('Headers, protocol era and sign-in (optional)').click();
      // No secret field: Loupe is a public client.
      await expect(page.getByRole('textbox', { name: /secret/i })).toHaveCount(0);
      await page.getByRole('textbox', { name: 'OAuth client ID' }).fill('loupe-e2e');
      await page.getByRole('textbox', { name: 'OAuth scopes' }).fill('mcp:read  profile');
    },
  });
  await expect(item).toContainText('This server needs you to sign in');
  await signInThroughPopup(page, item);
  await expect(item).toContainText('Signed in with OAuth · client: pre-registered client id (loupe-e2e)');
  const [opened] = await windowOpens(page);
  const asked = new URL(opened?.url ?? 'about:blank');
  expect(asked.searchParams.get('client_id')).toBe('loupe-e2e');
  expect(asked.searchParams.get('scope')).toBe('mcp:read profile');
  // Saved with the server (never a token or secret): the edit form shows them back.
  const stored = await page.evaluate(() => localStorage.getItem('loupe.servers'));
  expect(JSON.parse(stored ?? '[]')).toEqual([
    expect.objectContaining({ oauth: { clientId: 'loupe-e2e', scopes: ['mcp:read', 'profile'] } }),
  ]);
});

test('the built app serves its Client ID Metadata Document for LOUPE_PUBLIC_ORIGIN', async ({ page }) => {
  // The e2e build is made with LOUPE_PUBLIC_ORIGIN set to the address it is served at (playwright.config.ts).
  const response = await page.request.get(`${e2eUrls.app}/oauth/client-metadata.json`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({
    client_id: `${e2eUrls.app}/oauth/client-metadata.json`,
    client_name: 'Loupe',
    client_uri: `${e2eUrls.app}/`,
    redirect_uris: [`${e2eUrls.app}/oauth-callback.html`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
});
