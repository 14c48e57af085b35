// A run against a hostile MCP server: bad images, a 20 MB image, unknown parts, endless progress and a call
// that never answers. The run finishes with the good parts delivered, each bound visible, the page responsive.
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { sendMessage } from './fixtures/run-message';
import { enqueue, resetMock } from './fixtures/mock-control';

const hostile = localServerName(E2E_PORTS.hostileServer);
const call = (id: string, tool: string) => ({ type: 'tool_use', id, name: `${hostile}__${tool}`, input: {} });

test('hostile tools: good parts reach the model, every bound is a visible status, the page stays responsive', async ({
  page,
}) => {
  // A 20 MB image crosses the worker and calls wait for their timeouts (twice: the read-only calls that timed out
  // in the parallel batch run again one by one): more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.hostileServer);
  const servers = page.getByRole('list', { name: 'Servers' });

  // 10 s for this server's calls (its Edit dialog); each tool's own (its Edit dialog): 1 s for the one that never
  // answers, and 60 s for the 20 MB image, however long a loaded machine takes to carry it. The endless call runs
  // its 10 s twice (once more after the batch), where 30 s for the server made the test wait a minute.
  await servers.getByRole('button', { name: `Edit ${hostile}` }).click();
  const serverDialog = page.getByRole('dialog', { name: `Edit server ${hostile}` });
  await serverDialog.getByLabel('Tool timeout (s)').fill('10');
  await serverDialog.getByRole('button', { name: 'Save and reconnect' }).click();
  await expect(servers.getByRole('listitem', { name: `${hostile} connected` })).toBeVisible();
  await openSidebarTab(page, 'Tools');
  const tools = page.getByRole('region', { name: 'Tools' });
  for (const [name, seconds] of [
    ['never_answers', '1'],
    ['huge_image', '60'],
  ] as const) {
    await tools.getByRole('button', { name: `Edit ${hostile}__${name} as the model sees it` }).click();
    const toolDialog = page.getByRole('dialog', { name: `Edit ${hostile}__${name} as the model sees it` });
    await toolDialog.getByLabel('Timeout (s)').fill(seconds);
    await toolDialog.getByRole('button', { name: 'Save edit' }).click();
    await expect(toolDialog).toBeHidden();
  }

  // At most 3 s per call even with progress, set in Loop policies.
  await openSidebarTab(page, 'Policies');
  const policies = page.getByRole('region', { name: 'Loop policies' });
  await policies.getByText('Timeouts', { exact: true }).click();
  const maxTotal = policies.getByLabel('Max time per call (s)');
  await maxTotal.fill('3');
  await maxTotal.press('Tab');

  await resetMock();
  await enqueue([
    {
      content: [
        call('toolu_bad', 'bad_base64'),
        call('toolu_huge', 'huge_image'),
        call('toolu_odd', 'unknown_parts'),
        call('toolu_good', 'good'),
        call('toolu_never', 'never_answers'),
        call('toolu_endless', 'endless_progress'),
      ],
      stop_reason: 'tool_use',
    },
    { content: [{ type: 'text', text: 'I used what came back.' }], stop_reason: 'end_turn' },
  ]);
  await sendMessage(page, 'Call every hostile tool.');

  // The second request passed the mock's validation of the wire format: no bad image poisoned the history.
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn', { timeout: 120_000 });
  const round = page.getByRole('article', { name: 'Round 1' });
  const item = (tool: string) => round.getByRole('listitem', { name: new RegExp(`${hostile}__${tool}`) });
  await expect(item('bad_base64')).toContainText('After the bad image.');
  await expect(item('bad_base64')).toContainText('its data is not valid base64');
  await expect(item('huge_image')).toContainText('After the huge image.');
  await expect(item('huge_image')).toContainText('larger than the 3.8 MB allowed per image');
  await expect(item('unknown_parts')).toContainText('[unsupported content part: hologram]');
  await expect(item('unknown_parts')).toContainText('Known part two.');
  await expect(item('unknown_parts').getByRole('img')).toHaveCount(1);
  await expect(item('good')).toContainText('The good part: all is well.');
  await expect(item('never_answers')).toContainText('timeout');
  await expect(item('never_answers')).toContainText('timed out after 1 s (tool limit)');
  await expect(round.getByRole('listitem', { name: `${hostile}__good ok` })).toBeVisible();
  // The max time is never below the call's idle timeout (10 s from the server here), so 3 s reads as 10 s.
  await expect(item('endless_progress')).toContainText('stopped after 10 s (max time per call)');
  await expect(page.getByRole('article', { name: 'Round 2' })).toContainText('I used what came back.');

  const requests = (await (await fetch(`${e2eUrls.mockApi}/__mock/requests`)).json()) as { body: unknown }[];
  const second = JSON.stringify(requests.at(-1)?.body);
  expect(second).toContain('Known part two.');
  expect(second.length).toBeLessThan(200_000);

  // The page still answers: typing shows at once and a new run can start.
  const message = page.getByLabel('Message', { exact: true });
  await message.fill('Still here?');
  await expect(message).toHaveValue('Still here?');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
});
