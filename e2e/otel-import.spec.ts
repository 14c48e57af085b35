// OpenTelemetry in (issue 34): a trace made by a real instrumentation — an agent on the `openai` client traced by
// @opentelemetry/instrumentation-openai, run here against the stack's mock Chat Completions API and exported by the
// OTLP/HTTP JSON exporter to a receiver this spec starts — imported with Import transcript, replayed offline and
// forked at round 2; a hostile OTLP file refused with nothing changed.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { startOtlpCaptureReceiver } from '../test/support/otlp-capture-receiver';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { enqueue, mockOpenAIRoot, resetMock } from './fixtures/mock-control';
import { importFile } from './fixtures/run-message';

/**
 * Runs the instrumented agent once; the JSON lines file its exports make (traces and logs, as a Collector writes),
 * or, given `logsPath`, its traces in `path` and its logs there (a Collector's two file exporters).
 */
async function recordAgentTrace(path: string, logsPath?: string): Promise<void> {
  await resetMock(mockOpenAIRoot);
  await enqueue(
    [
      { content: 'Let me look.', toolCalls: [{ id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { content: 'Wear a light jacket: 14 °C and windy.' },
    ],
    mockOpenAIRoot,
  );
  const receiver = await startOtlpCaptureReceiver();
  try {
    await promisify(execFile)(process.execPath, ['test/support/otel-producers/openai-agent.mjs'], {
      env: {
        ...process.env,
        LOUPE_OPENAI_BASE: e2eUrls.mockOpenAIApi,
        LOUPE_OPENAI_KEY: 'sk-openai-e2e-key',
        LOUPE_OTLP_BASE: receiver.url,
        LOUPE_OTLP_PROTOCOL: 'json',
      },
      timeout: 60_000,
    });
    const lines = (entries: typeof receiver.received) => entries.map((entry) => entry.body.toString('utf8')).join('\n');
    if (logsPath === undefined) writeFileSync(path, lines(receiver.received));
    else {
      writeFileSync(path, lines(receiver.received.filter((entry) => entry.path === '/v1/traces')));
      writeFileSync(logsPath, lines(receiver.received.filter((entry) => entry.path === '/v1/logs')));
    }
  } finally {
    await receiver.close();
  }
}

test('a trace of the real openai instrumentation: imported, replayed offline, forked at round 2', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const path = info.outputPath('weather-agent.otlp.jsonl');
  await recordAgentTrace(path);
  await page.goto('/');
  await importFile(page, path);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const first = timeline.getByRole('article', { name: 'Round 1' });
  await expect(first).toBeVisible();
  await expect(first.getByRole('listitem').filter({ hasText: 'get_weather' })).toContainText('ok');
  const second = timeline.getByRole('article', { name: 'Round 2' });
  await expect(second).toContainText('Wear a light jacket: 14 °C and windy.');

  await page.getByRole('button', { name: 'Replay offline' }).click();
  const runStatus = page.getByRole('status', { name: 'Run status' });
  await expect(runStatus).toContainText('end_turn');
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText('Wear a light jacket');

  // Forked at round 2 onto the person's model (the Demo model here), which runs on from the trace's history.
  await importFile(page, path);
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toBeVisible();
  await timeline.getByRole('article', { name: 'Round 2' }).getByRole('button', { name: 'Fork from here' }).click();
  await page.getByRole('group', { name: 'Fork from round 2' }).getByRole('button', { name: 'Start fork' }).click();
  await expect(runStatus).toContainText('end_turn');
  await expect(page.getByRole('combobox', { name: 'Branch' }).getByRole('option')).toHaveCount(2);
});

test('a trace’s traces and logs files picked together open as one run with its messages', async ({ page }, info) => {
  test.setTimeout(120_000);
  const traces = info.outputPath('agent.traces.jsonl');
  const logs = info.outputPath('agent.logs.jsonl');
  await recordAgentTrace(traces, logs);
  await page.goto('/');
  await importFile(page, [traces, logs]);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // The model's words are log records (gen_ai.choice): they are there only because the logs file came too.
  await expect(timeline.getByRole('article', { name: 'Round 1' })).toContainText('Let me look.');
  await expect(timeline.getByRole('article', { name: 'Round 2' })).toContainText(
    'Wear a light jacket: 14 °C and windy.',
  );
});

test('a hostile OTLP file (a cycle in parent ids) is refused, naming it, and nothing changes', async ({
  page,
}, info) => {
  await page.goto('/');
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Oslo today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const rounds = page.getByRole('region', { name: 'Timeline' }).getByRole('article');
  const before = await rounds.count();
  const span = (id: string, parent: string) => ({
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: id,
    parentSpanId: parent,
    name: 'chat m',
    attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'chat' } }],
  });
  const path = info.outputPath('cycle.otlp.json');
  writeFileSync(
    path,
    JSON.stringify({
      resourceSpans: [
        {
          scopeSpans: [
            { spans: [span('aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'), span('bbbbbbbbbbbbbbbb', 'aaaaaaaaaaaaaaaa')] },
          ],
        },
      ],
    }),
  );
  await importFile(page, path);
  await expect(page.getByRole('alert').filter({ hasText: 'was not imported' })).toContainText(
    'a parent chain that ends at a root span',
  );
  await expect(rounds).toHaveCount(before);
});
