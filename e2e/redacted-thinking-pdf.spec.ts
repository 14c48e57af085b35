// Anthropic: a redacted thinking block is shown as a collapsed marker and sent back unchanged; an MCP tool's
// PDF travels to the model as a `document` in the tool result and shows in the timeline by its size only.
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { sendMessage } from './fixtures/run-message';
import { enqueue, mockRequests } from './fixtures/mock-control';

const media = localServerName(E2E_PORTS.mediaServer);

interface RecordedRequest {
  body: {
    messages?: {
      role: string;
      content: { type: string; data?: string; content?: { type: string; source?: unknown }[] }[];
    }[];
  };
}

test('redacted thinking is kept and sent back; a PDF result goes to the model as a document', async ({ page }) => {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, e2eUrls.mediaServer);

  await enqueue([
    {
      content: [
        { type: 'redacted_thinking', data: 'EncryptedThinking+/==' },
        { type: 'tool_use', id: 'toolu_pdf_1', name: `${media}__pdf`, input: {} },
      ],
    },
    { content: [{ type: 'text', text: 'The report says hello.' }] },
  ]);
  await sendMessage(page, 'Read me the report.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  const marker = round1.getByRole('group').filter({ hasText: 'Redacted thinking' });
  await expect(marker).toBeVisible();
  await expect(round1.getByText(/The API encrypted this thinking/)).toBeHidden();
  await marker.getByText('Redacted thinking').click();
  await expect(round1.getByText(/The API encrypted this thinking \(21 characters\)/)).toBeVisible();

  const call = round1.getByRole('listitem', { name: new RegExp(`${media}__pdf`) });
  await expect(call).toContainText(/PDF document \(\d+\.\d KB\) \(not rendered\)/);

  const requests = await mockRequests<RecordedRequest>();
  const second = requests.filter((request) => request.body.messages !== undefined)[1];
  expect(second?.body.messages?.[1]?.content[0]).toEqual({ type: 'redacted_thinking', data: 'EncryptedThinking+/==' });
  const result = second?.body.messages?.[2]?.content[0];
  expect(result?.content?.map((block) => block.type)).toEqual(['text', 'document']);
  expect(result?.content?.[1]?.source).toMatchObject({ type: 'base64', media_type: 'application/pdf' });
});
