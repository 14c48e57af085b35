// A session that fails to restore opens Loupe in safe mode (issue 10.3): it says what failed, exports the
// session as stored, deletes it or starts fresh beside it; the failure does not recur on every load.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/loupe-test';

/** Waits for the app to have opened its sessions database, then plants a malformed session and points at it. */
async function plantHostileSession(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Saved sessions' }).getByRole('listitem')).toHaveCount(1);
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('loupe', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error('could not open the database'));
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(['sessions', 'events'], 'readwrite');
      // `runs` is not an array: restoring this session throws.
      tx.objectStore('sessions').put({
        id: 'hostile',
        name: 'Hostile session',
        createdAt: 1,
        updatedAt: 9e15,
        runs: 42,
      });
      tx.objectStore('events').put({ runId: 'run-h', seq: 0, event: { type: 'run-start', runId: 'run-h' } });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(new Error('could not write'));
    });
    db.close();
    localStorage.setItem('loupe.session', 'hostile');
  });
}

async function expectSafeMode(page: Page): Promise<void> {
  const safeMode = page.getByRole('main', { name: 'Safe mode' });
  await expect(safeMode.getByRole('heading', { name: 'Loupe opened in safe mode' })).toBeVisible();
  await expect(safeMode.getByRole('alert')).toContainText('The session “Hostile session” could not be restored');
  await expect(safeMode.getByRole('alert')).toContainText('not iterable');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toHaveCount(0);
}

test('a session whose restore throws opens safe mode, exports as stored, and starting fresh gets the app back', async ({
  page,
}, info) => {
  await plantHostileSession(page);
  await page.reload();
  await expectSafeMode(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export session as JSON' }).click();
  const file = info.outputPath('raw.json');
  await (await download).saveAs(file);
  const exported = JSON.parse(readFileSync(file, 'utf8')) as {
    format: string;
    record: { name: string; runs: unknown };
  };
  expect(exported.format).toBe('loupe-raw-session');
  expect(exported.record).toMatchObject({ name: 'Hostile session', runs: 42 });

  // The failure is remembered: the next load does not try (and crash) again.
  await page.reload();
  await expectSafeMode(page);

  await page.getByRole('button', { name: 'Start fresh' }).click();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  await expect(page.getByRole('main', { name: 'Safe mode' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  const sessions = page.getByRole('list', { name: 'Saved sessions' });
  await expect(sessions).toContainText('Fresh start');
  await expect(sessions).toContainText('Hostile session');
});

test('safe mode deletes the failing session for good, then opens Loupe normally', async ({ page }) => {
  await plantHostileSession(page);
  await page.reload();
  await expectSafeMode(page);

  await page.getByRole('button', { name: 'Delete session' }).click();
  await page.getByRole('button', { name: 'Delete it for good' }).click();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Saved sessions' })).not.toContainText('Hostile session');
  const left = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const request = indexedDB.open('loupe', 1);
        request.onsuccess = () => {
          const count = request.result.transaction('sessions').objectStore('sessions').count('hostile');
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(left).toBe(0);
});
