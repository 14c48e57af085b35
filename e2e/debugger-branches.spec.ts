// Debugger branches that last: a fork and its original survive a reload and a transcript export → import.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';
import { selectOptionStarting, startsWith } from './fixtures/select-option-starting';
import { useMockAnthropic } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';
import { roundCall } from './fixtures/timeline';

/** Both branches listed; each shows its own first question; the original's rounds are whole. */
async function expectBothBranches(page: Page, forkName: string): Promise<void> {
  const branch = page.getByRole('combobox', { name: 'Branch' });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(branch.getByRole('option')).toHaveText([startsWith('Original'), startsWith(forkName)]);
  await expect(branch.getByRole('option').nth(1)).toContainText(
    `${forkName} · fork of “Original” @ round 1 · finished · `,
  );
  await selectOptionStarting(branch, 'Original · ');
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(roundCall(timeline, 1, /demo__weather_get/)).toContainText('Paris');
  await expect(page.getByRole('region', { name: 'Branches' })).toContainText('The original run; 1 fork(s) of it.');
  await selectOptionStarting(branch, `${forkName} · `);
  await expect(page.getByRole('region', { name: 'Branches' })).toContainText('Forked from round 1 of “Original”.');
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('Done.');
}

test('a fork from round 1 survives a reload and an export → import, both branches switchable', async ({
  page,
}, info) => {
  await useMockAnthropic(page);
  await sendMessage(page, 'What should I wear in Paris today?');
  const runStatus = page.getByRole('status', { name: 'Run status' });
  await expect(runStatus).toContainText('end_turn');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('article', { name: 'Round 1' }).getByRole('button', { name: 'Fork from here' }).click();
  const fork = page.getByRole('group', { name: 'Fork from round 1' });
  await fork.getByRole('textbox', { name: 'Fork name' }).fill('Second try');
  await fork.getByRole('button', { name: 'Start fork' }).click();
  await expect(runStatus).toContainText('end_turn');
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveCount(2);

  await page.reload();
  await expectBothBranches(page, 'Second try');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const file = info.outputPath('family.json');
  await (await download).saveAs(file);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import transcript', exact: true }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByRole('region', { name: 'Imported transcript' })).toContainText('Imported “family.json”');
  const branch = page.getByRole('combobox', { name: 'Branch' });
  await expect(branch.getByRole('option')).toHaveText([startsWith('Second try'), startsWith('Original')]);
  await selectOptionStarting(branch, 'Original · ');
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Branches' })).toContainText('The original run; 1 fork(s) of it.');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveText([
    startsWith('Second try'),
    startsWith('Original'),
  ]);
});
