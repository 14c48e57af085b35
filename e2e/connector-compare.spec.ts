// One prompt through the API's MCP connector and through Loupe's browser client, side by side in Compare, end to end
// in Chromium: the mock Messages API plays the connector (it calls the demo server itself over HTTP), so both sides
// reach the same real server — one reply of mcp_tool_use / mcp_tool_result on the left, three rounds of tool_use /
// tool_result on the right, and the same answer.
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { expect, test } from './fixtures/loupe-test';
import { allowMockConnectorOnLoopback, messageRequests } from './fixtures/mock-control';
import { runToEnd } from './fixtures/run-message';
import { selectOptionStarting } from './fixtures/select-option-starting';
import { openCompareRuns } from './fixtures/compare-runs';

interface SentRequest {
  path: string;
  body: { mcp_servers?: { name: string; url: string }[]; tools?: { name?: string; type?: string }[] };
}

test('Compare runs one prompt through the connector and through the browser, and shows how they differ', async ({
  page,
}) => {
  await allowMockConnectorOnLoopback();
  await openWithDemoConnected(page);
  await chooseMockAnthropic(page);
  await runToEnd(page, 'What should I wear in Paris today?');

  const dialog = await openCompareRuns(page);
  const form = dialog.getByRole('group', { name: 'Run one prompt both ways' });
  await expect(form.getByRole('combobox', { name: 'Server' })).toHaveValue(/.+/);
  await expect(form.getByRole('combobox', { name: 'Left side path' })).toHaveValue('api');
  await expect(form.getByRole('combobox', { name: 'Right side path' })).toHaveValue('browser');
  await form.getByRole('textbox', { name: 'Prompt for both sides' }).fill('Dress me for Lisbon.');
  const before = (await messageRequests()).length;
  await form.getByRole('button', { name: 'Run both sides' }).click();
  await expect(form.getByRole('status', { name: 'Both paths progress' })).toContainText('Both sides ran');

  // The left run named the server in mcp_servers and sent no tool of it; the right run sent its tools.
  const sent = (await messageRequests<SentRequest>()).slice(before);
  expect(sent).toHaveLength(4);
  expect(sent[0]?.body.mcp_servers).toEqual([expect.objectContaining({ type: 'url', name: 'demo' })]);
  expect(sent[0]?.body.tools).toEqual([expect.objectContaining({ type: 'mcp_toolset', mcp_server_name: 'demo' })]);
  for (const request of sent.slice(1)) {
    expect(request.body.mcp_servers).toBeUndefined();
    expect(request.body.tools?.some((tool) => tool.name?.startsWith('demo__'))).toBe(true);
  }

  // The comparison: rounds, the API's calls against Loupe's, and the blocks of each side's first reply.
  const totals = dialog.getByRole('table', { name: 'Totals side by side' });
  await expect(totals.getByRole('row', { name: /^rounds/ }).getByRole('cell')).toHaveText(['1', '3']);
  await expect(totals.getByRole('row', { name: /^tool calls/ }).getByRole('cell')).toHaveText(['0', '2']);
  await expect(totals.getByRole('row', { name: /^calls run by the API/ }).getByRole('cell')).toHaveText(['2', '0']);
  const first = dialog.getByRole('region', { name: 'Compared round 1' });
  await expect(first).toContainText('"type":"mcp_tool_use"');
  await expect(first).toContainText('"server_name":"demo"');
  await expect(first).toContainText('[tool_use demo__');
  await expect(dialog.getByRole('combobox', { name: 'Left run' })).toContainText('demo via the API');
  await expect(dialog.getByRole('combobox', { name: 'Right run' })).toContainText('demo via the browser');

  // The connector's calls show in the left run's round, under the server, run by the API.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await selectOptionStarting(page.getByRole('combobox', { name: 'Shown run' }), 'Run 2 · demo via the API');
  const round = page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 1' });
  await expect(round.getByRole('region', { name: /MCP connector · demo/ }).first()).toBeVisible();
});
