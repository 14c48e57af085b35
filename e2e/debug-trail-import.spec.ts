// The debugging trail stays with the run (issue 39 item 4): an approval answered for the session and a breakpoint
// hit are marked on their rounds with the answers, written into the exported transcript, and shown again after the
// file is imported.
import { readFileSync } from 'node:fs';
import type { Transcript } from '../src/engine/transcript/transcript';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { expect, test } from './fixtures/loupe-test';
import { importFile, sendMessage } from './fixtures/run-message';
import { openSidebarTab } from './fixtures/sidebar';

const APPROVAL_MARK =
  'approval needed — before demo__weather_get runs (round 1) → approved, for the rest of the session';
const BREAKPOINT_MARK =
  'breakpoint: tool demo__clothing_advise — before demo__clothing_advise runs (round 2) → went on';

test('pauses, breakpoint hits and approval answers survive export and import', async ({ page }) => {
  await openWithDemoConnected(page);
  await openSidebarTab(page, 'Breakpoints');
  await page.getByRole('combobox', { name: 'Breakpoint on' }).selectOption({ label: 'a tool' });
  await page.getByRole('combobox', { name: 'Breakpoint tool' }).selectOption('demo__clothing_advise');
  await page.getByRole('button', { name: 'Add breakpoint' }).click();
  await page.getByRole('checkbox', { name: 'Ask before tools run' }).check();
  await page.getByRole('combobox', { name: 'Approval for demo__weather_get' }).selectOption('ask');

  await sendMessage(page, 'What should I wear in Paris today?');
  const status = page.getByRole('status', { name: 'Debugger status' });
  await expect(status).toContainText('approval needed');
  await page.getByRole('button', { name: 'Allow for this session' }).click();
  await expect(status).toContainText('breakpoint: tool demo__clothing_advise');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const marksOf = (round: number) =>
    page
      .getByRole('article', { name: `Round ${round}` })
      .getByRole('list', { name: `Debugger marks of round ${round}` });
  await expect(marksOf(1)).toContainText(APPROVAL_MARK);
  await expect(marksOf(2)).toContainText(BREAKPOINT_MARK);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const path = await (await download).path();
  const transcript = JSON.parse(readFileSync(path, 'utf8')) as Transcript;
  expect(transcript.version).toBe(3);
  expect(transcript.rounds[0]?.pauses).toEqual([
    expect.objectContaining({
      pause: expect.objectContaining({ kind: 'before-tool', name: 'demo__weather_get' }),
      reasons: [{ kind: 'approval', toolName: 'demo__weather_get' }],
      decision: 'continue',
      remember: 'session',
    }),
  ]);
  expect(transcript.rounds[1]?.pauses?.[0]).toMatchObject({
    reasons: [{ kind: 'breakpoint', label: 'tool demo__clothing_advise' }],
    decision: 'continue',
  });

  await importFile(page, path);
  await expect(page.getByText(/^Imported “.*” as a new session/)).toBeVisible();
  await expect(marksOf(1)).toContainText(APPROVAL_MARK);
  await expect(marksOf(2)).toContainText(BREAKPOINT_MARK);
});
