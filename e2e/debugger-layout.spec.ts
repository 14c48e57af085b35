// The debugger's layout: the sidebar's tabs by keyboard (wide and narrow), "Messages so far" at a pause (the
// exact history the next request carries, checked against what the mock Messages API then received), and the
// protocol log docked while a run goes on, with Copy on each message.
import { e2eUrls } from './fixtures/e2e-ports';
import { holdRequests, isMcpMethod } from './fixtures/hold-requests';
import { expect, test } from './fixtures/loupe-test';
import { addToolBreakpoint } from './fixtures/breakpoints';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { expectDemoConnected, openWithDemoConnected } from './fixtures/demo-connected';
import { messageRequests } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';

interface RecordedRequest {
  path: string;
  body: { messages: unknown[] };
}

test('the sidebar tabs follow the ARIA tabs pattern: one tab stop, arrows, Home and End; narrow too', async ({
  page,
}) => {
  await page.goto('/');
  const tablist = page.getByRole('tablist', { name: 'Sidebar' });
  await expect(tablist.getByRole('tab')).toHaveText([
    'Settings',
    'Servers',
    'Tools',
    'Breakpoints',
    'Policies',
    'Memory',
    'Tests',
  ]);
  const settings = tablist.getByRole('tab', { name: 'Settings' });
  await expect(settings).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Settings' })).toBeVisible();
  // Only the open tab is a tab stop; the other panels are out of sight and out of the accessibility tree.
  await expect(tablist.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveCount(0);

  await settings.focus();
  await page.keyboard.press('ArrowRight');
  const servers = tablist.getByRole('tab', { name: 'Servers' });
  await expect(servers).toBeFocused();
  await expect(servers).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('tabpanel', { name: 'Servers' }).getByRole('textbox', { name: 'Server URL' }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveCount(0);

  await page.keyboard.press('End');
  await expect(tablist.getByRole('tab', { name: 'Tests' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Tests' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(settings).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tablist.getByRole('tab', { name: 'Tests' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(settings).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the strip for the open panel's first control.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Provider' })).toBeFocused();

  // A half-typed form survives a tab change: hidden panels stay mounted.
  await openSidebarTab(page, 'Servers');
  await page.getByRole('textbox', { name: 'Server URL' }).fill('http://127.0.0.1:9/mcp');
  await openSidebarTab(page, 'Tools');
  await openSidebarTab(page, 'Servers');
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue('http://127.0.0.1:9/mcp');

  // Narrow: the sidebar sits under the run and its tabs still switch.
  await page.setViewportSize({ width: 390, height: 844 });
  await openSidebarTab(page, 'Breakpoints');
  const addBreakpoint = page.getByRole('button', { name: 'Add breakpoint' });
  await addBreakpoint.scrollIntoViewIfNeeded();
  await expect(addBreakpoint).toBeInViewport();
  const box = await tablist.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
});

test('"Messages so far" at a pause is exactly the history the next request carries', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await expectDemoConnected(page);
  await addToolBreakpoint(page, 'demo__weather_get');

  // Nothing to show before a run.
  await expect(page.getByRole('button', { name: 'Messages so far', exact: true })).toHaveCount(0);
  await sendMessage(page, 'What should I wear in Paris today?');
  const status = page.getByRole('status', { name: 'Debugger status' });
  await expect(status).toContainText('Paused before demo__weather_get runs');

  const toggle = page.getByRole('button', { name: 'Messages so far', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const view = page.getByRole('region', { name: 'Messages so far' });
  const items = view.getByRole('list', { name: 'Messages' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('#1 user · text');
  await expect(items.nth(1)).toContainText('#2 assistant');
  await expect(items.nth(1)).toContainText('tool_use');
  await expect(view).toContainText('1 tool result is still to come');
  // The call waiting at the pause is shown as it is, not as cancelled by a repair.
  await expect(view).not.toContainText('Cancelled');
  // Each message is monospace JSON with its role; the last one is unfolded.
  const last = items.nth(1).locator('pre');
  await expect(last).toBeVisible();
  expect(await last.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/mono/i);
  expect(JSON.parse((await last.textContent()) ?? '')).toMatchObject({ role: 'assistant' });
  await expect(items.nth(0).locator('pre')).toBeHidden();
  await items.nth(0).locator('summary').click();
  await expect(items.nth(0).locator('pre')).toBeVisible();

  // Step over the round: paused before round 2's request, the view follows (the result is in now).
  await page.getByRole('button', { name: 'Step over round' }).click();
  await expect(status).toContainText('Paused before the model request of round 2');
  await expect(items).toHaveCount(3);
  await expect(view).not.toContainText('still to come');
  const shown = (await view.locator('pre').allTextContents()).map((text) => JSON.parse(text) as unknown);
  expect((await messageRequests<RecordedRequest>()).length).toBe(1);

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const requests = await messageRequests<RecordedRequest>();
  expect(requests.length).toBeGreaterThanOrEqual(2);
  // The Anthropic adapter marks the last block for prompt caching on the wire; the history is otherwise the same.
  const withoutCacheMarks = JSON.parse(
    JSON.stringify(requests[1]?.body.messages, (key, value: unknown) => (key === 'cache_control' ? undefined : value)),
  ) as unknown;
  expect(withoutCacheMarks).toEqual(shown);
  // Finished: the view shows the whole conversation, the final answer last.
  await expect(items).toHaveCount(requests.at(-1)!.body.messages.length + 1);
  await expect(items.last()).toContainText('assistant · text');
});

test('the protocol log docks at the bottom and updates while a run goes on; Copy on a message; docks in the sidebar', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWithDemoConnected(page);
  const opener = page.getByRole('button', { name: 'Protocol log', exact: true });
  await expect(opener).toHaveAttribute('aria-pressed', 'false');
  await opener.click();
  await expect(opener).toHaveAttribute('aria-pressed', 'true');
  const log = page.getByRole('region', { name: 'Protocol log' });
  await expect(log).toBeInViewport();
  const messages = log.getByRole('list', { name: 'Protocol messages' }).getByRole('listitem');
  await expect(messages.filter({ hasText: 'request tools/list' }).first()).toBeVisible();
  await expect(messages.filter({ hasText: 'tools/call' })).toHaveCount(0);

  // The first tool call is held at the server's door: the run is live, and the log already shows the request.
  const toolCall = await holdRequests(page.context(), e2eUrls.demoServer, isMcpMethod('tools/call'));
  await sendMessage(page, 'What should I wear in Paris today?');
  await toolCall.arrived();
  await expect(messages.filter({ hasText: '→ request tools/call' })).toHaveCount(1);
  await expect(messages.filter({ hasText: '← response tools/call' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
  toolCall.release();
  await expect(messages.filter({ hasText: '← response tools/call' }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(messages.filter({ hasText: '→ request tools/call' })).toHaveCount(2);

  // Copy puts the message's JSON on the clipboard.
  const call = messages.filter({ hasText: '→ request tools/call' }).first();
  await call.getByRole('button', { name: /^Copy message → request tools\/call/ }).click();
  await expect(call.getByRole('button', { name: /^Copy message/ })).toHaveText('Copied');
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
  expect(copied).toMatchObject({ jsonrpc: '2.0', method: 'tools/call' });

  // Filtered to one server and by text, like the inspector's log.
  await log.getByRole('combobox', { name: 'Server' }).selectOption({ label: 'demo' });
  await log.getByRole('textbox', { name: 'Filter messages' }).fill('tools/call');
  await expect(messages).toHaveCount(4);

  // Docked in the sidebar it becomes a tab there; closed, the tab goes and the opener is released.
  await log.getByRole('button', { name: 'Dock in sidebar' }).click();
  const tab = page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab', { name: 'Protocol log' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const docked = page.getByRole('tabpanel', { name: 'Protocol log' }).getByRole('region', { name: 'Protocol log' });
  await expect(docked.getByRole('list', { name: 'Protocol messages' }).getByRole('listitem').first()).toBeVisible();
  await docked.getByRole('button', { name: 'Close log' }).click();
  await expect(tab).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(opener).toHaveAttribute('aria-pressed', 'false');
  // Opened again, it comes back where it was docked last.
  await opener.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
});
