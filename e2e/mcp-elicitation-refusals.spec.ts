// What Loupe refuses a server that asks the person for input: a form answer holding the person's own API key
// (Accept stays disabled and says why, whatever the form's words), and a URL-mode elicitation it never offered to
// take (refused to the server; no dialog, no link, no new page). The pushy test server runs in this spec.
import { startPushyServer } from '../test/servers/pushy-server';
import type { McpHttpHandle } from '../server/serve-mcp-http';
import { MOCK_API_KEY, chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { e2eUrls, localServerName, loupeOrigins } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { sendMessage } from './fixtures/run-message';
import { enqueue } from './fixtures/mock-control';

let server: McpHttpHandle;
test.beforeAll(async () => {
  server = await startPushyServer({ allowedOrigins: loupeOrigins });
});
test.afterAll(async () => {
  await server.close();
});

/** The next replies of the mock Messages API: a call of `tool`, then a closing text. */
async function modelCalls(tool: string): Promise<void> {
  const replies = [
    { content: [{ type: 'tool_use', id: 'toolu_ask', name: tool, input: {} }], stop_reason: 'tool_use' },
    { content: [{ type: 'text', text: 'Done asking.' }] },
  ];
  const response = await enqueue(replies);
  expect(response.ok).toBe(true);
}

/** Every request body the mock Messages API received, as one text. */
async function sentToModel(): Promise<string> {
  const response = await fetch(`${e2eUrls.mockApi}/__mock/requests`);
  return JSON.stringify(((await response.json()) as { body: unknown }[]).map((request) => request.body));
}

const name = () => localServerName(Number(new URL(server.url).port));

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await replaceDemoServer(page, server.url);
});

test("a form answer holding the person's API key is refused with the reason; a clean one goes", async ({ page }) => {
  await modelCalls(`${name()}__ask_note`);
  await sendMessage(page, 'Leave a note.');

  const form = page.getByRole('dialog', { name: `${name()} asks for input` });
  const note = form.getByRole('textbox', { name: 'Note (required)' });
  const accept = form.getByRole('button', { name: 'Accept' });
  const refusal = `That is your Anthropic API key: Loupe never sends it to a server. Remove it.`;
  // The form's words ask for nothing secret: only the value gives it away, even inside other text.
  await expect(form).not.toContainText('looks like a secret');
  await note.fill(`call me back, my key is ${MOCK_API_KEY} thanks`);
  await expect(form.getByRole('list', { name: 'Problems' })).toHaveText(refusal);
  await expect(accept).toBeDisabled();
  await note.fill(`  ${MOCK_API_KEY}\n`);
  await expect(form.getByRole('list', { name: 'Problems' })).toHaveText(refusal);
  await expect(accept).toBeDisabled();
  // A part of the key is not the key.
  await note.fill(MOCK_API_KEY.slice(0, -1));
  await expect(form.getByRole('list', { name: 'Problems' })).toHaveCount(0);
  await note.fill('ship it');
  await accept.click();

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /__ask_note ok/ });
  await expect(call).toContainText('accept: {"note":"ship it"}');
  expect(await sentToModel()).not.toContain(MOCK_API_KEY);
});

test('a URL-mode elicitation Loupe never offered is refused to the server: no dialog, no link, no new page', async ({
  page,
}) => {
  await modelCalls(`${name()}__ask_url`);
  await sendMessage(page, 'Sign me in.');

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /__ask_url ok/ });
  // Refused by Loupe's MCP client (it declared form mode only; its own handler refuses URL mode too): an
  // invalid-params error the server hears.
  await expect(call).toContainText(/refused: MCP error -32602: .*(URL-mode elicitation|form-mode elicitation only)/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(page.context().pages()).toHaveLength(1);
  expect(new URL(page.url()).origin).toBe(e2eUrls.app);
});
