// Anthropic, completed: extended thinking streamed and shown collapsed, its signed blocks sent back in the
// next round; prompt-cache breakpoints sent, cache writes and reads shown with the round's cost.
import { expect, test } from './fixtures/loupe-test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';
import { enqueue, mockRequests } from './fixtures/mock-control';

interface RecordedRequest {
  body: {
    thinking?: unknown;
    max_tokens: number;
    system?: unknown;
    tools?: { cache_control?: unknown }[];
    messages: { role: string; content: { type: string; signature?: string; cache_control?: unknown }[] }[];
  };
}

test('thinking is shown collapsed and kept with its signature; cache tokens and cost per round', async ({ page }) => {
  await openWithDemoConnected(page);
  await chooseMockAnthropic(page);
  await page.getByText('Model capabilities').click();
  await page.getByRole('checkbox', { name: 'Extended thinking' }).check();
  await page.getByRole('spinbutton', { name: 'Thinking budget' }).fill('2048');

  await enqueue([
    {
      content: [
        { type: 'thinking', thinking: 'The person wants the weather in Paris first.', signature: 'sig-round-1' },
        { type: 'tool_use', id: 'toolu_think_1', name: 'demo__weather_get', input: { city: 'Paris' } },
      ],
      usage: {
        input_tokens: 2000,
        output_tokens: 100,
        cache_creation_input_tokens: 1500,
        cache_read_input_tokens: 0,
      },
    },
    {
      content: [{ type: 'text', text: 'Mild and sunny: a light jacket.' }],
      usage: { input_tokens: 50, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 3500 },
    },
  ]);
  await sendMessage(page, 'What should I wear in Paris?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  const thinking = round1.getByRole('group').filter({ hasText: 'Thinking' });
  await expect(thinking).toBeVisible();
  await expect(round1.getByText('The person wants the weather in Paris first.')).toBeHidden();
  await thinking.getByText('Thinking').click();
  await expect(round1.getByText('The person wants the weather in Paris first.')).toBeVisible();
  // claude-haiku-4-5: $1 in, $5 out, $1.25 cache write, $0.10 cache read per million tokens.
  await expect(round1).toContainText('cache 1,500 write / 0 read');
  await expect(round1).toContainText('cost $0.0044');
  const round2 = page.getByRole('article', { name: 'Round 2' });
  await expect(round2).toContainText('cache 0 write / 3,500 read');
  await expect(round2).toContainText('cost $0.00050');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('$0.0049');

  const requests = await mockRequests<RecordedRequest>();
  const [first, second] = requests.filter((request) => request.body.messages !== undefined);
  expect(first?.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  expect(first?.body.max_tokens).toBe(4096 + 2048);
  expect(first?.body.system).toEqual([expect.objectContaining({ cache_control: { type: 'ephemeral' } })]);
  expect(first?.body.tools?.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
  expect(second?.body.messages[1]?.content[0]).toEqual({
    type: 'thinking',
    thinking: 'The person wants the weather in Paris first.',
    signature: 'sig-round-1',
  });
  expect(second?.body.messages.at(-1)?.content.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
});
