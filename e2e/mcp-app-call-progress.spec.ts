// An MCP App's call to a slow tool: its progress bar and the server's log show on the app's call while it runs,
// the last progress and the log stay readable after it ends, and the transcript keeps them. The server runs in
// this spec (a real SDK server over HTTP) so the test decides when the slow call may finish.
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { forecastFor, weatherCardResource, weatherCardUri } from '../server/demo-weather-card';
import { serveMcpHttp, type McpHttpHandle } from '../server/serve-mcp-http';
import type { Transcript } from '../src/engine/transcript/transcript';
import { localServerName, loupeOrigins } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { replaceDemoServer } from './fixtures/replace-demo-server';

const oslo = { city: 'Oslo', temperatureC: -3, conditions: 'snow', humidity: 80, windKph: 12 };

/** Lets the slow forecast finish: resolved by the test once it has seen the call's progress. */
let release: () => void = () => undefined;

/** The weather card's server, with a forecast that reports progress, logs twice, then waits for `release`. */
function createSlowCardServer(): McpServer {
  const server = new McpServer({ name: 'slow-card', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'weather.get',
    {
      description: 'Current weather for a city. Returns JSON.',
      inputSchema: { city: z.string() },
      _meta: { ui: { resourceUri: weatherCardUri } },
    },
    (): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(oslo) }], structuredContent: oslo }),
  );
  server.registerTool(
    'clothing.advise',
    { description: 'What to wear.', inputSchema: { conditions: z.string() } },
    () => ({
      content: [{ type: 'text', text: 'A warm coat and boots.' }],
    }),
  );
  server.registerResource(
    weatherCardResource.name,
    weatherCardResource.uri,
    weatherCardResource.metadata,
    weatherCardResource.read,
  );
  server.registerTool(
    'weather.forecast',
    {
      description: 'The next three days, slowly. For the card only.',
      inputSchema: { city: z.string() },
      _meta: { ui: { visibility: ['app'] } },
    },
    async ({ city }, extra): Promise<CallToolResult> => {
      const token = extra._meta?.progressToken;
      const log = (data: string) =>
        extra.sendNotification({
          method: 'notifications/message',
          params: { level: 'info', logger: 'forecast', data },
        });
      await log(`looking up ${city}`);
      if (token !== undefined)
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: 1, total: 3, message: 'day 1 of 3' },
        });
      await log('day 1 fetched');
      await new Promise<void>((resolve) => (release = resolve));
      const days = forecastFor(oslo.city, oslo);
      return { content: [{ type: 'text', text: JSON.stringify({ days }) }], structuredContent: { days } };
    },
  );
  return server;
}

let server: McpHttpHandle;
test.beforeAll(async () => {
  server = await serveMcpHttp(createSlowCardServer, { allowedOrigins: loupeOrigins });
});
test.afterAll(async () => {
  release();
  await server.close();
});

test("an app's slow call shows its progress and server log while it runs, and keeps them after", async ({
  page,
}, info) => {
  await page.goto('/');
  await replaceDemoServer(page, server.url);
  const name = localServerName(Number(new URL(server.url).port));
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Oslo today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
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
  await expect(log.getByRole('listitem')).toHaveText([/info\s+looking up Oslo/, /info\s+day 1 fetched/]);
  // Only the app's call shows them: the model's weather call has neither.
  await expect(call.getByRole('progressbar')).toHaveCount(1);
  await expect(card.getByRole('list', { name: 'Forecast' })).toHaveText('Loading…');

  release();
  const done = call.getByRole('listitem', { name: 'weather.forecast from the app ok' });
  await expect(card.getByRole('list', { name: 'Forecast' }).getByRole('listitem')).toHaveCount(3);
  await expect(done.getByRole('progressbar')).toHaveCount(0);
  await expect(done).toContainText('Last progress: 1 / 3 — day 1 of 3 (1 updates)');
  await done.getByText('Server log (2 messages)').click();
  await expect(done.getByRole('list', { name: 'Server log of weather.forecast from the app' })).toContainText(
    'day 1 fetched',
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const file = info.outputPath('app-call-progress.json');
  await (await download).saveAs(file);
  const transcript = JSON.parse(readFileSync(file, 'utf8')) as Transcript;
  const appCall = transcript.rounds[0]?.appCalls?.[0];
  expect(appCall).toMatchObject({ name: `${name}__weather_forecast`, status: 'ok' });
  expect(JSON.stringify(appCall)).toContain('day 1 of 3');
  expect(JSON.stringify(appCall)).toContain('day 1 fetched');
});
