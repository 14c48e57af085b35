// A 2026-07-28 server's $defs/$ref tool schema checked in the pause editor, and its era remembered across a reload.
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { stepThrough } from './fixtures/step-through';
import { sendOnly } from './fixtures/tools-panel';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openSidebarTab } from './fixtures/sidebar';
import { replaceEditorText } from './fixtures/paused-editor';

const modernName = `server${new URL(e2eUrls.modernServer).port}`;

test('an edit that breaks a $ref-erenced sub-schema is refused in the pause editor; a good one runs', async ({
  page,
}) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.modernServer);
  await sendOnly(page, `${modernName}__ship`);
  const status = page.getByRole('status', { name: 'Debugger status' });
  await stepThrough(page, 'Ship it.', [
    'Paused before the model request of round 1',
    "Paused after the model's reply in round 1",
    `Paused before ${modernName}__ship runs`,
  ]);
  const paused = page.getByRole('region', { name: 'Paused step' });

  // `zip` is `{"$ref": "#/$defs/zip"}` inside `{"$ref": "#/$defs/address"}`: the nested rule is enforced.
  await replaceEditorText(page, 'Tool input', '{"to": {"street": "Main", "zip": "oslo"}}');
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toContainText(
    '/to/zip: String does not match pattern.',
  );
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(paused.getByRole('alert')).toContainText('Fix the edit first');
  await replaceEditorText(page, 'Tool input', '{"to": {"street": "Main", "zip": "12345"}}');
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(status).toContainText(`Paused after ${modernName}__ship returned`);
  const call = page
    .getByRole('article', { name: 'Round 1' })
    .getByRole('listitem', { name: new RegExp(`${modernName}__ship`) });
  await expect(call).toContainText('ok');
  await expect(call).toContainText('shipped to Main, 12345');
});

test('after a reload a remembered modern server reconnects without the server/discover probe', async ({ page }) => {
  await page.goto('/');
  await addServer(page, e2eUrls.modernServer);
  const openProtocolLog = async () => {
    await openSidebarTab(page, 'Servers');
    await page.getByRole('button', { name: `Inspect ${modernName}` }).click();
    const inspect = page.getByRole('dialog', { name: `Inspect ${modernName}` });
    const log = inspect.getByRole('list', { name: 'Protocol messages' });
    await expect(log.getByRole('listitem').filter({ hasText: '→ request tools/list' }).first()).toBeVisible();
    return { inspect, log };
  };
  const first = await openProtocolLog();
  await expect(first.log.getByRole('listitem').filter({ hasText: 'server/discover' })).not.toHaveCount(0);
  await first.inspect.getByRole('button', { name: 'Close' }).click();

  await page.reload();
  await openSidebarTab(page, 'Servers');
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: `${modernName} connected` }),
  ).toBeVisible();
  const again = await openProtocolLog();
  await expect(again.inspect.getByLabel('Protocol era')).toContainText('2026-07-28 and later');
  await expect(again.log.getByRole('listitem').filter({ hasText: 'server/discover' })).toHaveCount(0);
});
