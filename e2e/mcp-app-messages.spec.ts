// A hostile MCP App floods Loupe with messages for the model (`ui/message`): each becomes an attachment of the
// next message, so at most 10 are taken per frame, each cut to 20,000 characters, and the rest are refused
// to the app with a notice under the card. Real Chromium, the demo server's weather card, the mock API.
import type { FrameLocator } from '@playwright/test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';

interface Answer {
  id: number;
  result?: { isError?: boolean };
  error?: { message: string };
}

/** Sends raw `ui/message` requests from inside the app's page, as a hostile app would; resolves with the answers. */
async function messagesFromInsideApp(card: FrameLocator, texts: string[]): Promise<Answer[]> {
  return card.locator('body').evaluate(
    (_body, sent) =>
      new Promise((resolve) => {
        const answers: Answer[] = [];
        // Taken before the page's own bridge hears them (it would not know these ids).
        const listen = (event: MessageEvent) => {
          const data = event.data as { id?: unknown } | null;
          if (typeof data?.id !== 'number' || data.id < 90_000) return;
          event.stopImmediatePropagation();
          answers.push(data as Answer);
          if (answers.length === sent.length) {
            window.removeEventListener('message', listen, true);
            resolve(answers.sort((a, b) => a.id - b.id));
          }
        };
        window.addEventListener('message', listen, true);
        sent.forEach((text, index) =>
          window.parent.postMessage(
            {
              jsonrpc: '2.0',
              id: 90_000 + index,
              method: 'ui/message',
              params: { role: 'user', content: [{ type: 'text', text }] },
            },
            '*',
          ),
        );
      }),
    texts,
  );
}

test('an app that floods messages for the model gets 10 in, each cut to 20,000 characters, and is told no after', async ({
  page,
}) => {
  // Two runs and 15 messages of 30,000 characters through two frames: long on a loaded machine.
  test.slow();
  await openWithDemoConnected(page);
  await sendMessage(page, 'What should I wear in Oslo today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const call = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem', { name: /^demo__weather_get ok/ });
  const card = call.frameLocator('iframe[title="App: demo__weather_get"]').frameLocator('iframe');
  await expect(card.getByRole('main', { name: 'Weather card' })).toContainText('Oslo');

  const texts = Array.from({ length: 15 }, (_, index) => `flood ${index} ${'m'.repeat(30_000)}`);
  const answers = await messagesFromInsideApp(card, texts);
  expect(answers.map((answer) => answer.result?.isError === true)).toEqual([
    ...Array.from({ length: 10 }, () => false),
    ...Array.from({ length: 5 }, () => true),
  ]);
  await expect(call).toContainText('The app sent more than 10 messages for the model; Loupe refused the rest.');
  const attachments = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  await expect(attachments).toHaveCount(10);

  // What the model is sent (the mock Messages API records it): the 10 messages, each cut with a note saying so.
  await chooseMockAnthropic(page);
  await sendMessage(page, 'Thanks.');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const requests = (await (await fetch(`${e2eUrls.mockApi}/__mock/requests`)).json()) as {
    body: { messages: { role: string; content: unknown }[] };
  }[];
  // The person's new message, with what was attached to it (later requests of the run carry it too).
  const thanks = requests
    .at(-1)
    ?.body.messages.find((message) => message.role === 'user' && JSON.stringify(message.content).includes('Thanks.'));
  const sent = JSON.stringify(thanks?.content ?? '');
  expect(sent.match(/Message from the app demo__weather_get/g)).toHaveLength(10);
  // "flood 0 " … "flood 9 " and 30,000 more: 30,008 characters each.
  expect(sent.match(/\[Cut by Loupe: the app sent 30,008 characters; at most 20,000 go to the model.\]/g)).toHaveLength(
    10,
  );
  expect(sent).not.toContain('flood 10 ');
});
