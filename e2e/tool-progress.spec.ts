// A long-running MCP tool's progress notifications show live on its call, then the call finishes ok.
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { sendMessage } from './fixtures/run-message';
import { enqueue } from './fixtures/mock-control';

const media = localServerName(E2E_PORTS.mediaServer);

test('progress of a long-running tool shows on the running call', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.mediaServer);

  await enqueue([
    {
      content: [{ type: 'tool_use', id: 'toolu_sleep_1', name: `${media}__sleep`, input: { ms: 3000 } }],
      stop_reason: 'tool_use',
    },
    { content: [{ type: 'text', text: 'Done waiting.' }], stop_reason: 'end_turn' },
  ]);
  await sendMessage(page, 'Wait three seconds, please.');

  const call = page
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: new RegExp(`${media}__sleep`) });
  const bar = call.getByRole('progressbar', { name: `Progress of ${media}__sleep` });
  await expect(bar).toBeVisible();
  // The bar moves: two readings of its value differ while the call runs.
  const first = Number(await bar.getAttribute('value'));
  await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(first);
  await expect(call).toContainText(/\d+ \/ 3000/);

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(call).toContainText('ok');
  await expect(call).toContainText('Slept 3000 ms.');
});
