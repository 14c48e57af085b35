// A newcomer's path: no key, the Demo model and the bundled demo MCP server, three rounds to an answer.
import { expect, test } from './fixtures/loupe-test';
import { e2eUrls } from './fixtures/e2e-ports';
import { holdRequests, isMcpMethod } from './fixtures/hold-requests';
import { openSidebarTab } from './fixtures/sidebar';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';

test('the Demo model plays weather → clothing against the demo server with no key', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('demo');
  await openSidebarTab(page, 'Servers');
  const servers = page.getByRole('list', { name: 'Servers' });
  await expect(servers.getByRole('listitem', { name: 'demo connected' })).toBeVisible();

  await sendMessage(page, 'What should I wear in Oslo today?');

  const status = page.getByRole('status', { name: 'Run status' });
  await expect(status).toContainText('end_turn');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  const round1 = timeline.getByRole('article', { name: 'Round 1' });
  const weather = round1.getByRole('listitem', { name: /demo__weather_get/ });
  await expect(weather).toContainText('ok');
  await expect(weather).toContainText('Oslo');
  const round2 = timeline.getByRole('article', { name: 'Round 2' });
  await expect(round2.getByRole('listitem', { name: /demo__clothing_advise/ })).toContainText('ok');
  const round3 = timeline.getByRole('article', { name: 'Round 3' });
  await expect(round3).toContainText('Oslo');
  await expect(round3.getByRole('listitem')).toHaveCount(0);
});

test('Stop cancels a run and leaves the app ready to run again', async ({ page }) => {
  // The demo run ends in about a second; its first tool call is held at the server so Stop lands mid-run.
  const toolCall = await holdRequests(page.context(), e2eUrls.demoServer, isMcpMethod('tools/call'));
  await openWithDemoConnected(page);
  await sendMessage(page, 'What should I wear in Lisbon today?');
  await toolCall.arrived();
  const weather = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: /demo__weather_get/ });
  await expect(weather).toContainText('running');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('aborted');
  await expect(weather).toContainText('cancelled');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  toolCall.release();

  // Ready to run again: the next run goes all the way.
  await sendMessage(page, 'What should I wear in Lisbon today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
});
