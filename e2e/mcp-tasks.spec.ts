// A tool that runs as an MCP task, on a 2025-11-25 server (core Tasks) and on a 2026-07-28 one (the Tasks
// extension): the call card shows the task's status while the server works through its steps, the result
// arrives when the task completes, and Stop cancels a task that is still working.
import type { Page } from '@playwright/test';
import { startModernTasksServer, type ModernTasksServerHandle } from '../test/servers/modern-tasks-server';
import { startTasksServer, type TasksServerHandle } from '../test/servers/tasks-server';
import { loupeOrigins } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { sendOnly } from './fixtures/tools-panel';
import { addServer } from './fixtures/add-server';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { sendMessage } from './fixtures/run-message';

let server: TasksServerHandle;
let modern: ModernTasksServerHandle;
test.beforeAll(async () => {
  // In this process, so the test decides when each step of the task may run.
  server = await startTasksServer({ allowedOrigins: loupeOrigins, pollIntervalMs: 100 });
  modern = await startModernTasksServer({ allowedOrigins: loupeOrigins, pollIntervalMs: 100 });
});
test.afterAll(async () => {
  await server.close();
  await modern.close();
});

async function connectTasksServer(page: Page, url = server.url): Promise<string> {
  await page.goto('/');
  await chooseMockAnthropic(page);
  await addServer(page, url, { connected: false });
  const name = `server${new URL(url).port}`;
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: new RegExp(`^${name}.*connected$`) }),
  ).toBeVisible();
  // Only slow_report goes to the model, so the mock model calls it.
  await sendOnly(page, `${name}__slow_report`);
  await sendMessage(page, 'Write the report.');
  return `${name}__slow_report`;
}

/** Lets the task's three steps run one by one (`release`), checking the card before each; then its result. */
async function expectTaskToItsResult(page: Page, tool: string, release: () => void): Promise<void> {
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  const call = round.getByRole('listitem', { name: `${tool} running` });
  await expect(call).toContainText(/Task working · \d+ s · Step 1 of 3: tides/);
  release();
  await expect(call).toContainText(/Task working · \d+ s · Step 2 of 3: tides/);
  release();
  await expect(call).toContainText('Step 3 of 3: tides');
  release();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const done = round.getByRole('listitem', { name: `${tool} ok` });
  await expect(done).toContainText('Report on tides: 3 steps done.');
  await expect(done).toContainText(/Ran as task [\w-]+: last status completed — Report ready/);
}

/** Presses Stop while the task's first step works; the run ends aborted. */
async function stopWorkingTask(page: Page, tool: string): Promise<void> {
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round.getByRole('listitem', { name: `${tool} running` })).toContainText('Step 1 of 3: tides');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('aborted');
}

test('a call run as a task shows its status on the card and ends with its result', async ({ page }) => {
  const tool = await connectTasksServer(page);
  await expectTaskToItsResult(page, tool, () => server.release());
});

test('Stop cancels a task that is still working (tasks/cancel reaches the server)', async ({ page }) => {
  const before = server.probe.cancelled.length;
  const tool = await connectTasksServer(page);
  await stopWorkingTask(page, tool);
  await expect.poll(() => server.probe.cancelled.length).toBe(before + 1);
  expect(server.probe.cancelled.at(-1)).toBe(server.probe.created.at(-1));
  // The worker let the step waiting on the server go: nothing else is left running there.
  server.release();
});

test('a 2026-07-28 server’s task handle is followed on the card to its result', async ({ page }) => {
  const tool = await connectTasksServer(page, modern.url);
  await expectTaskToItsResult(page, tool, () => modern.release());
});

test('Stop during a 2026-07-28 task sends tasks/cancel', async ({ page }) => {
  const before = modern.probe.cancelled.length;
  const tool = await connectTasksServer(page, modern.url);
  await stopWorkingTask(page, tool);
  await expect.poll(() => modern.probe.cancelled.length).toBe(before + 1);
  expect(modern.probe.cancelled.at(-1)).toBe(modern.probe.created.at(-1));
  modern.release();
});
