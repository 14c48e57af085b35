// The API's own tools in the timeline: a web search that pauses (pause_turn) and is continued with the paused work
// sent back verbatim, a cited answer linked to its https sources inside its round; code execution whose code calls a
// tool of a real MCP server (which Loupe runs, nested under the code call), a tool search, an MCP connector call and
// a context-management edit, each in its round; and the exported transcript keeping every block byte for byte.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chooseMockAnthropic } from './fixtures/choose-mock-anthropic';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { openWithDemoConnected } from './fixtures/demo-connected';
import { sendMessage } from './fixtures/run-message';
import type { MockMessageReply } from './fixtures/mock-messages-api-types';
import { isMockServerBlock, serverBlockAsJson } from './fixtures/mock-server-blocks';
import {
  codeExecutionWithProgrammaticCall,
  contextManagementReply,
  mcpConnectorReply,
  toolSearchReply,
  webSearchWithPauseTurn,
} from './fixtures/mock-server-tool-replies';

interface WireBody {
  messages?: { role: string; content: unknown[] }[];
}

async function enqueue(replies: MockMessageReply[]): Promise<void> {
  await fetch(`${e2eUrls.mockApi}/__mock/enqueue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(replies),
  });
}

async function messageRequests(): Promise<WireBody[]> {
  const requests = (await (await fetch(`${e2eUrls.mockApi}/__mock/requests`)).json()) as { body: WireBody }[];
  return requests.map((request) => request.body).filter((body) => body.messages !== undefined);
}

/** The blocks Loupe must keep from `replies`, as JSON text exactly as the API holds them. */
function keptBlocks(replies: readonly MockMessageReply[]): string[] {
  return replies.flatMap((reply) =>
    reply.content.flatMap((block) => {
      if (isMockServerBlock(block)) return [JSON.stringify(serverBlockAsJson(block))];
      if ((block.type === 'text' && block.citations) || (block.type === 'tool_use' && block.caller))
        return [JSON.stringify(block)];
      return [];
    }),
  );
}

/** Every block of the exported transcript's conversation (api blocks unwrapped), as JSON text. */
async function exportedBlocks(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    messages: { content: { type: string; block?: unknown }[] }[];
  };
  return transcript.messages.flatMap((message) =>
    message.content.map((block) => JSON.stringify(block.type === 'api_block' ? block.block : block)),
  );
}

async function start(page: Page, message: string): Promise<void> {
  await openWithDemoConnected(page);
  await chooseMockAnthropic(page);
  await sendMessage(page, message);
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
}

test('a web search paused with pause_turn is continued at once, its cited answer linked inside its round', async ({
  page,
}) => {
  const replies = webSearchWithPauseTurn();
  await enqueue(replies);
  await start(page, 'Weather in Lisbon this week?');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  const search = round1.getByRole('region', { name: 'Web search', exact: true });
  await expect(search.getByLabel('query', { exact: true })).toHaveText('Lisbon weather this week');
  const results = search.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'Lisbon weather this week' })).toHaveAttribute(
    'href',
    'https://example.com/loupe-weather',
  );
  await expect(results).toContainText('April 30, 2026');
  await expect(results).toContainText('Climate of Lisbon');
  await expect(round1.getByRole('note', { name: 'Paused by the API' })).toBeVisible();
  await expect(round1).toContainText('stop pause_turn');
  await expect(round1).toContainText('server tools 1 web search');

  const round2 = page.getByRole('article', { name: 'Round 2' });
  await expect(round2).toContainText('It will be sunny in Lisbon, around 24 °C.');
  const sources = round2.getByRole('list', { name: 'Sources' });
  const link = sources.getByRole('link', { name: 'Lisbon weather this week' });
  await expect(link).toHaveAttribute('href', 'https://example.com/loupe-weather');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(sources).toContainText('Sunny all week, highs of 24 °C');
  // The javascript: source is named, never linked.
  await expect(sources).toContainText('Hostile source');
  await expect(sources.getByRole('link')).toHaveCount(1);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);

  // The continuation went back with the paused work, byte for byte, as the last (assistant) message.
  const [, continuation] = await messageRequests();
  const last = continuation?.messages?.at(-1);
  expect(last?.role).toBe('assistant');
  expect(last?.content.slice(1).map((block) => JSON.stringify(block))).toEqual(keptBlocks([replies[0]!]));

  const exported = await exportedBlocks(page);
  for (const block of keptBlocks(replies)) expect(exported).toContain(block);
});

test('code calling an MCP tool, a tool search, an MCP connector call and a context edit, each in its round', async ({
  page,
}) => {
  const [codeCall, codeResult] = codeExecutionWithProgrammaticCall('demo__weather_get', { city: 'Paris' });
  const search = toolSearchReply('weather', ['demo__weather_get', 'demo__clothing_advise']);
  const connector = mcpConnectorReply('docs');
  const second: MockMessageReply = {
    content: [
      ...codeResult!.content.filter((block) => block.type !== 'text'),
      ...search.content.filter((block) => block.type !== 'text'),
      ...connector.content,
    ],
    stop_reason: 'end_turn',
    context_management: contextManagementReply().context_management!,
  };
  await enqueue([codeCall!, second]);
  await start(page, 'Use code.');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  const code = round1.getByRole('region', { name: 'Code execution', exact: true });
  await expect(code.getByLabel('code', { exact: true })).toContainText('await demo__weather_get({"city":"Paris"})');
  // The call the code made: run by Loupe against the demo MCP server, shown under the code that made it.
  const fromCode = code.getByRole('list', { name: 'Calls made from code' });
  await expect(fromCode).toContainText('demo__weather_get');
  await expect(fromCode).toContainText('ok');
  await expect(round1.getByRole('list', { name: 'Tool calls of round 1' })).toHaveCount(0);
  // The container the code ran in is shown with its round.
  await expect(round1.getByRole('note', { name: 'Code execution container' })).toContainText(
    'container_011CNha8, until 2026-12-04T14:00:00Z',
  );

  const round2 = page.getByRole('article', { name: 'Round 2' });
  const output = round2.getByRole('region', { name: 'Code execution result', exact: true });
  await expect(output.getByLabel('stdout', { exact: true })).toHaveText('tool answered');
  await expect(output.getByLabel('stderr', { exact: true })).toHaveText('warning: slow');
  await expect(output).toContainText('return code 0');
  await expect(output.getByRole('list', { name: 'Files' })).toContainText('file_011CNha8iCJcU1wXNR6q4V8w');
  const bash = round2.getByRole('region', { name: 'Code execution', exact: true });
  await expect(bash.getByLabel('command', { exact: true })).toHaveText('ls /tmp && exit 2');
  await expect(bash).toContainText('return code 2');
  const tools = round2.getByRole('region', { name: 'Tool search', exact: true });
  await expect(tools.getByLabel('query', { exact: true })).toHaveText('weather');
  await expect(tools.getByRole('list', { name: 'Tools found' }).getByRole('listitem')).toHaveText([
    'demo__weather_get',
    'demo__clothing_advise',
  ]);
  const mcp = round2.getByRole('region', { name: 'MCP connector · docs', exact: true });
  await expect(mcp).toContainText('search_docs');
  await expect(mcp).toContainText('run by the API');
  await expect(mcp.getByLabel('MCP result', { exact: true })).toHaveText('pause_turn: continue the turn.');
  const edits = round2.getByRole('region', { name: 'Context edited by the API', exact: true });
  await expect(edits).toContainText('cleared 3 tool uses · 4,200 input tokens saved');
  await expect(edits).toContainText('cleared thinking of 2 turns · 900 input tokens saved');

  const exported = await exportedBlocks(page);
  for (const block of keptBlocks([codeCall!, second])) expect(exported).toContain(block);
});
