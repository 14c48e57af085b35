// OpenTelemetry sent live (issue 34): Settings → Telemetry → OTLP endpoint set to an OTLP/HTTP receiver the spec
// starts; a Demo run arrives there as a trace with the person's header. A collector that refuses is said once and
// the run is not affected.
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { startOtlpCaptureReceiver, type OtlpCaptureReceiver } from '../test/support/otlp-capture-receiver';

let receiver: OtlpCaptureReceiver;
test.beforeEach(async () => {
  receiver = await startOtlpCaptureReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test('a Demo run is sent to the OTLP endpoint as it ends; a refusing collector is said once', async ({ page }) => {
  await page.goto('/');
  await openSidebarTab(page, 'Settings');
  const telemetry = page.getByRole('group', { name: 'Telemetry' });
  await telemetry.getByRole('textbox', { name: 'OTLP endpoint', exact: true }).fill(receiver.url);
  await telemetry.getByRole('textbox', { name: 'OTLP headers' }).fill('x-collector-key: e2e-collector-key');

  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Oslo today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect.poll(() => receiver.received.length).toBe(1);
  const [arrived] = receiver.received;
  expect(arrived?.path).toBe('/v1/traces');
  expect(arrived?.headers['x-collector-key']).toBe('e2e-collector-key');
  const body = arrived?.body.toString('utf8') ?? '';
  expect(body).toContain('invoke_agent Loupe');
  expect(body).toContain('execute_tool ');
  // Content is off by default: the prompt does not leave.
  expect(body).not.toContain('Oslo');

  receiver.failNext(2, 503);
  // Two refused, then one accepted: when the third arrives, both refusals have been answered.
  for (let run = 0; run < 3; run += 1) {
    await page.getByLabel('Message', { exact: true }).fill('And tomorrow?');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  }
  await expect.poll(() => receiver.received.length).toBe(2);
  await expect(page.getByRole('alert').filter({ hasText: 'Telemetry not sent' })).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'HTTP 503' })).toHaveCount(1);
});
