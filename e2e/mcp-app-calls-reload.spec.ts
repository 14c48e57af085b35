// A reload while the debugger holds a call an MCP App made: the app's frame went with the page, so the call
// cannot go on; it is closed visibly as interrupted and recorded in the transcript like any other end.
import { finishedDemoRun, holdCardForecast } from './fixtures/demo-app-run';
import { replaceDemoServer } from './fixtures/replace-demo-server';
import { startSlowCardServer } from './fixtures/slow-card-server';
import { expect, test } from './fixtures/loupe-test';
import { exportTranscript } from './fixtures/export-transcript';
import { storedEventTypes } from './fixtures/stored-events';
import { sendMessage } from './fixtures/run-message';

test("a reload while Step mode holds the card's call closes it as interrupted, in the timeline and the transcript", async ({
  page,
}, info) => {
  const run = await finishedDemoRun(page);
  const { call } = run;
  await holdCardForecast(page, run);
  await expect.poll(() => storedEventTypes(page)).toContain('pause-start');

  await page.reload();
  const interrupted = call.getByRole('listitem', { name: 'weather.forecast from the app not-executed' });
  await expect(interrupted.getByLabel('App call result')).toContainText('Interrupted by a reload');
  await expect(call.getByRole('listitem', { name: /weather\.forecast from the app (running|held)/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Paused step' })).toHaveCount(0);
  // Stored: a second reload shows the same one call, closed once.
  await expect.poll(() => storedEventTypes(page)).toContain('app-call-end');
  await page.reload();
  await expect(
    call.getByRole('list', { name: 'Calls from the app demo__weather_get' }).getByRole('listitem'),
  ).toHaveText([/not-executed.*Interrupted by a reload/s]);

  const transcript = await exportTranscript(page, info.outputPath('interrupted-app-call.json'));
  expect(transcript.rounds[0]?.appCalls).toEqual([
    expect.objectContaining({
      name: 'demo__weather_forecast',
      status: 'not-executed',
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('Interrupted by a reload') as unknown }],
    }),
  ]);
});

test('a reload while the run works and an app call is open: the call says interrupted until End here closes it', async ({
  page,
}) => {
  // The Demo model's second call (clothing advice) and the card's forecast both wait: the run is cut working.
  const server = await startSlowCardServer(['advise', 'forecast']);
  try {
    await page.goto('/');
    await replaceDemoServer(page, server.url);
    await sendMessage(page, 'What should I wear in Oslo today?');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem', { name: `${server.name}__clothing_advise running` })).toBeVisible();
    const call = timeline.getByRole('listitem', { name: `${server.name}__weather_get ok` });
    const card = call.frameLocator(`iframe[title="App: ${server.name}__weather_get"]`).frameLocator('iframe');
    await card.getByRole('button', { name: '3-day forecast' }).click();
    await expect(call.getByRole('listitem', { name: 'weather.forecast from the app running' })).toBeVisible();
    await expect.poll(() => storedEventTypes(page)).toContain('app-call-start');

    await page.reload();
    const notice = page.getByRole('region', { name: 'Interrupted run' });
    await expect(notice.getByRole('button', { name: 'End here' })).toBeVisible();
    const interrupted = call.getByRole('listitem', { name: 'weather.forecast from the app interrupted' });
    await expect(interrupted).toContainText('Interrupted by a reload — Resume or End here closes it.');
    await expect(call.getByRole('listitem', { name: /weather\.forecast from the app (running|held)/ })).toHaveCount(0);

    await notice.getByRole('button', { name: 'End here' }).click();
    const closed = call.getByRole('listitem', { name: 'weather.forecast from the app cancelled' });
    await expect(closed.getByLabel('App call result')).toContainText('Interrupted by a reload');
    await expect(closed).not.toContainText('Resume or End here closes it');
  } finally {
    await server.close();
  }
});
