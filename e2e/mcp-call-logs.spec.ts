// A server's logs on the call they belong to: the model asks for two calls of one logging tool at once, the
// server holds each until both have started, and each call's card shows only its own log lines (both eras).
import { E2E_PORTS, e2eUrls, localServerName } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { enqueue } from './fixtures/mock-control';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { sendMessage } from './fixtures/run-message';

const tool = `${localServerName(E2E_PORTS.logServer)}__work`;

for (const era of [undefined, '2025 era (initialize)'] as const) {
  test(`two calls running at once each show only their own server log lines (${era ?? 'auto: 2026-07-28'})`, async ({
    page,
  }) => {
    await page.goto('/');
    await chooseMockAnthropic(page);
    await replaceDemoServer(page, e2eUrls.logServer, {
      ...(era === undefined
        ? {}
        : {
            beforeAdd: async () => {
              await page.getByText('Headers, protocol era and sign-in (optional)').click();
              await page.getByLabel('Protocol era').selectOption({ label: era });
            },
          }),
    });
    await enqueue([
      {
        content: [
          { type: 'tool_use', id: 'toolu_ada', name: tool, input: { name: 'ada' } },
          { type: 'tool_use', id: 'toolu_bob', name: tool, input: { name: 'bob' } },
        ],
        stop_reason: 'tool_use',
      },
      { content: [{ type: 'text', text: 'Both worked.' }], stop_reason: 'end_turn' },
    ]);
    await sendMessage(page, 'Work twice.');
    await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
    const calls = page.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: new RegExp(tool) });
    await expect(calls).toHaveCount(2);
    for (const [index, own, other] of [
      [0, 'ada', 'bob'],
      [1, 'bob', 'ada'],
    ] as const) {
      const call = calls.nth(index);
      await expect(call).toContainText(`${own} worked`);
      // A finished call's log is folded under its count: two messages, then opened.
      await call.getByText('Server log (2 messages)').click();
      const log = call.getByRole('list', { name: `Server log of ${tool}` });
      await expect(log.getByRole('listitem')).toHaveCount(2);
      await expect(log).toContainText(`work: ${own} started`);
      await expect(log).toContainText(`work: ${own} done`);
      await expect(log).not.toContainText(other);
    }
  });
}
