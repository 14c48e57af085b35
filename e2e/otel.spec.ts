// OpenTelemetry out (issue 34): a Demo run exported from the run actions' Export menu as OTLP/JSON, the file
// checked against the official OTLP protobuf definitions; message content only once Settings → Telemetry says so.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { throughProto } from '../test/support/otlp-proto';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';

interface ExportedSpan {
  name: string;
  traceId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

async function exportOtlp(
  page: Page,
  item: 'OpenTelemetry (OTLP JSON)' | 'Session trace (OTLP JSON)' = 'OpenTelemetry (OTLP JSON)',
): Promise<{ text: string; spans: ExportedSpan[] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Run actions' }).getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^loupe-[0-9a-f-]{8}(-session)?\.otlp\.json$/);
  const text = readFileSync(await file.path(), 'utf8');
  const request = JSON.parse(text) as { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
  return { text, spans: request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)) };
}

test('a Demo run exported as OTLP JSON: a valid trace request, content only when Telemetry asks for it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Oslo today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  // The contract's Export transcript button stays beside the menu.
  await expect(page.getByRole('button', { name: 'Export transcript' })).toBeEnabled();

  const plain = await exportOtlp(page);
  const { decoded, written } = throughProto(JSON.parse(plain.text));
  expect(decoded).toEqual(written);
  const names = plain.spans.map((span) => span.name);
  expect(names[0]).toBe('invoke_agent Loupe');
  expect(names.filter((name) => name.startsWith('chat ')).length).toBeGreaterThanOrEqual(2);
  expect(names.some((name) => name.startsWith('execute_tool '))).toBe(true);
  expect(new Set(plain.spans.map((span) => span.traceId)).size).toBe(1);
  expect(plain.text).not.toContain('Oslo');

  await openSidebarTab(page, 'Settings');
  const telemetry = page.getByRole('group', { name: 'Telemetry' });
  await telemetry.getByRole('checkbox', { name: /Include message content/ }).check();
  const withContent = await exportOtlp(page);
  expect(withContent.text).toContain('What should I wear in Oslo today?');
  expect(withContent.text).toContain('gen_ai.input.messages');
  // Same run, same trace and span ids: a re-export names the same spans.
  expect(withContent.spans.map((span) => span.traceId)).toEqual(plain.spans.map((span) => span.traceId));
});

test('the whole session exported as one OTLP file: a trace per run, MCP calls with their JSON-RPC ids', async ({
  page,
}) => {
  await page.goto('/');
  for (const city of ['Oslo', 'Rome']) {
    await page.getByLabel('Message', { exact: true }).fill(`What should I wear in ${city} today?`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  }
  const session = await exportOtlp(page, 'Session trace (OTLP JSON)');
  const { decoded, written } = throughProto(JSON.parse(session.text));
  expect(decoded).toEqual(written);
  expect(session.spans.filter((span) => span.name === 'invoke_agent Loupe')).toHaveLength(2);
  expect(new Set(session.spans.map((span) => span.traceId)).size).toBe(2);
  // The Demo run's tools are the demo MCP server's: each call's span names its server and request.
  const tools = session.spans.filter((span) => span.name.startsWith('execute_tool '));
  expect(tools.length).toBeGreaterThanOrEqual(4);
  for (const tool of tools) {
    const attributes = Object.fromEntries(tool.attributes.map((kv) => [kv.key, Object.values(kv.value)[0]]));
    expect(attributes['mcp.method.name']).toBe('tools/call');
    expect(String(attributes['jsonrpc.request.id'])).toMatch(/^\d+$/);
  }
});
