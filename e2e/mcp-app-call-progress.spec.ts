// An MCP App's call to a slow tool: its progress bar and the server's log show on the app's call while it runs,
// the last progress and the log stay readable after it ends, and the transcript keeps them. The server runs in
// this spec (a real SDK server over HTTP) so the test decides when the slow call may finish.
import { expect, test } from './fixtures/loupe-test';
import { exportTranscript } from './fixtures/export-transcript';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { startSlowCardServer, type SlowCardServer } from './fixtures/slow-card-server';
import { sendMessage } from './fixtures/run-message';

let server: SlowCardServer;
test.beforeAll(async () => {
  server = await startSlowCardServer(['forecast']);
});
test.afterAll(async () => {
  await server.close();
});

test("an app's slow call shows its progress and server log while it runs, and keeps them after", async ({
  page,
}, info) => {
  await page.goto('/');
  await replaceDemoServer(page, server.url);
  const { name } = server;
  await sendMessage(page, 'What should I wear in Oslo today?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const call = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listitem', { name: `${name}__weather_get ok` });
  const card = call.frameLocator(`iframe[title="App: ${name}__weather_get"]`).frameLocator('iframe');
  await expect(card.getByRole('main', { name: 'Weather card' })).toContainText('Oslo');

  await card.getByRole('button', { name: '3-day forecast' }).click();
  const running = call.getByRole('listitem', { name: 'weather.forecast from the app running' });
  const bar = running.getByRole('progressbar', { name: 'Progress of weather.forecast from the app' });
  await expect(bar).toHaveAttribute('max', '3');
  await expect(bar).toHaveAttribute('value', '1');
  await expect(running).toContainText('1 / 3 — day 1 of 3');
  const log = running.getByRole('list', { name: 'Server log of weather.forecast from the app' });
  await expect(log.getByRole('listitem')).toHaveText([
    /info forecast: looking up Oslo$/,
    /info forecast: day 1 fetched$/,
  ]);
  // Only the app's call shows them: the model's weather call has neither.
  await expect(call.getByRole('progressbar')).toHaveCount(1);
  await expect(card.getByRole('list', { name: 'Forecast' })).toHaveText('Loading…');

  server.finish('forecast');
  const done = call.getByRole('listitem', { name: 'weather.forecast from the app ok' });
  await expect(card.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveCount(3);
  await expect(done.getByRole('progressbar')).toHaveCount(0);
  await expect(done).toContainText('Last progress: 1 / 3 — day 1 of 3 (1 updates)');
  await done.getByText('Server log (2 messages)').click();
  await expect(done.getByRole('list', { name: 'Server log of weather.forecast from the app' })).toContainText(
    'day 1 fetched',
  );

  const transcript = await exportTranscript(page, info.outputPath('app-call-progress.json'));
  const appCall = transcript.rounds[0]?.appCalls?.[0];
  expect(appCall).toMatchObject({ name: `${name}__weather_forecast`, status: 'ok' });
  expect(JSON.stringify(appCall)).toContain('day 1 of 3');
  expect(JSON.stringify(appCall)).toContain('day 1 fetched');
});
