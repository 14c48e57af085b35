// Issue 14 item 8, in a browser: the calls waterfall, the request editor at a pause, direct output and the
// fallback brief, each driven as a person would and checked against what the mock Messages API received.
import { readFileSync } from 'node:fs';
import type { Transcript } from '../src/engine/transcript/transcript';
import { expect, test } from './fixtures/loupe-test';
import { openSidebarTab } from './fixtures/sidebar';
import { expectEditorReady } from './fixtures/editor-ready';
import { useMockAnthropic } from './fixtures/demo-connected';
import { enqueue, messageRequests } from './fixtures/mock-control';
import { sendMessage } from './fixtures/run-message';

const weather = 'demo__weather_get';
const clothing = 'demo__clothing_advise';

interface WireBlock {
  type: string;
  text?: string;
  name?: string;
  content?: { type: string; text?: string }[];
}
interface MessagesBody {
  system?: string | { type: string; text: string }[];
  messages: { role: string; content: WireBlock[] }[];
  tools?: { name: string; description?: string }[];
  tool_choice?: unknown;
  max_tokens?: number;
  temperature?: number;
}

/** The Messages API requests the mock received (token counts, on their own path, left out). */
async function messageBodies(): Promise<MessagesBody[]> {
  return (await messageRequests<{ path: string; body: MessagesBody }>()).map((request) => request.body);
}

/** The system prompt as sent: a string, or text blocks when prompt caching marks it. */
function systemText(body: MessagesBody | undefined): string | undefined {
  const system = body?.system;
  return typeof system === 'string' ? system : system?.map((block) => block.text).join('');
}

/** A duration as `formatDuration` writes it. */
const duration = String.raw`(?:\d+ ms|\d+\.\d\d s|\d+ m \d\d s)`;

test('the calls waterfall shows each parallel call of a round as a bar, in call order, with its times', async ({
  page,
}) => {
  await useMockAnthropic(page);
  await enqueue([
    {
      content: [
        { type: 'tool_use', id: 'toolu_paris', name: weather, input: { city: 'Paris' } },
        { type: 'tool_use', id: 'toolu_oslo', name: weather, input: { city: 'Oslo' } },
        { type: 'tool_use', id: 'toolu_wear', name: clothing, input: { temperatureC: 4, conditions: 'snow' } },
        // Never reaches a tool: no bar for it.
        { type: 'tool_use', id: 'toolu_nope', name: 'get_forecast', input: {} },
      ],
    },
    { content: [{ type: 'tool_use', id: 'toolu_only', name: weather, input: { city: 'Rome' } }] },
    { content: [{ type: 'text', text: 'Wear a coat.' }] },
  ]);
  await sendMessage(page, 'What should I wear in Paris and Oslo?');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  const round1 = page.getByRole('article', { name: 'Round 1' });
  await expect(round1.getByRole('listitem', { name: 'get_forecast not-found' })).toBeVisible();
  const waterfall = round1.getByRole('figure', { name: 'Waterfall of round 1' });
  await expect(waterfall).toContainText('Calls over time');
  await expect(waterfall.locator('figcaption')).toHaveText(new RegExp(`^Calls over time${duration}$`));
  const bars = waterfall.getByRole('img');
  await expect(bars).toHaveCount(3);
  const names = [weather, weather, clothing];
  for (const [index, name] of names.entries()) {
    await expect(bars.nth(index)).toHaveAccessibleName(new RegExp(`^${name}: queued ${duration}, ran ${duration}$`));
  }
  // Each bar has its name beside it, in the order the model asked for the calls.
  expect(await waterfall.locator(':scope > div > span').allTextContents()).toEqual(names);
  // Every call finished: each bar has its coloured "ran" part, green (none failed).
  await expect(waterfall.locator('.bg-emerald-500')).toHaveCount(3);
  await expect(waterfall.locator('.bg-red-500')).toHaveCount(0);

  // A round with a single call, and a round with none, have no waterfall.
  await expect(page.getByRole('article', { name: 'Round 2' }).getByRole('figure')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Round 3' }).getByRole('figure')).toHaveCount(0);
});

test('the request editor at a pause: the edited request is exactly what the API receives', async ({ page }) => {
  await useMockAnthropic(page);
  await page.getByRole('textbox', { name: 'System prompt' }).fill('Original system prompt.');
  await page.getByRole('switch', { name: 'Step mode' }).check();
  await enqueue([{ content: [{ type: 'text', text: 'Reykjavik: wool and a windproof shell.' }] }]);
  await sendMessage(page, 'What should I wear in Paris today?');

  const status = page.getByRole('status', { name: 'Debugger status' });
  await expect(status).toContainText('Paused before the model request of round 1');
  const paused = page.getByRole('region', { name: 'Paused step' });
  await expectEditorReady(paused);
  expect(await messageBodies()).toHaveLength(0);

  const edited = {
    system: 'EDITED SYSTEM: answer in one line.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'EDITED: what should I wear in Reykjavik?' }] }],
    tools: [
      {
        name: weather,
        description: 'EDITED tool description.',
        input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ],
    max_tokens: 777,
    temperature: 0.25,
  };
  await paused.getByRole('textbox', { name: 'Pending request' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // One line: Monaco auto-indents typed newlines, which would add to the text.
  await page.keyboard.insertText(JSON.stringify(edited));
  await expect(paused.getByRole('button', { name: 'Undo edits' })).toBeVisible();
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toHaveCount(0);
  // Still held: an edit sends nothing by itself.
  expect(await messageBodies()).toHaveLength(0);

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  const round1 = page.getByRole('article', { name: 'Round 1' });
  await expect(round1).toContainText('Reykjavik: wool and a windproof shell.');
  const marks = round1.getByRole('list', { name: 'Debugger marks of round 1' });
  for (const mark of [
    'system prompt edited',
    'messages edited',
    'tools edited',
    'max_tokens edited',
    'temperature edited',
  ]) {
    await expect(marks).toContainText(mark);
  }

  const requests = await messageBodies();
  expect(requests).toHaveLength(1);
  const sent = requests[0];
  expect(systemText(sent)).toBe(edited.system);
  expect(sent?.messages).toHaveLength(1);
  expect(sent?.messages[0]).toMatchObject({
    role: 'user',
    content: [{ type: 'text', text: 'EDITED: what should I wear in Reykjavik?' }],
  });
  expect(sent?.tools).toHaveLength(1);
  expect(sent?.tools?.[0]).toMatchObject({ name: weather, description: 'EDITED tool description.' });
  expect(sent?.max_tokens).toBe(777);
  expect(sent?.temperature).toBe(0.25);
  expect(JSON.stringify(sent)).not.toContain('Paris');
  expect(JSON.stringify(sent)).not.toContain('Original system prompt.');
});

test('a direct-output tool ends the run with its result as the answer, and no request follows', async ({ page }) => {
  await useMockAnthropic(page);
  await openSidebarTab(page, 'Policies');
  const panel = page.getByRole('region', { name: 'Loop policies' });
  await panel.getByText('Calls and results').click();
  const field = panel.getByRole('textbox', { name: 'Direct-output tools' });
  await field.fill(` ${weather} ,, ${weather}`);
  await field.press('Enter');
  await field.blur();
  await expect(field).toHaveValue(weather);

  await enqueue([
    // An invalid call is no answer: the run goes on.
    { content: [{ type: 'tool_use', id: 'toolu_bad', name: weather, input: { city: 42 } }] },
    { content: [{ type: 'tool_use', id: 'toolu_good', name: weather, input: { city: 'Lisbon' } }] },
    { content: [{ type: 'text', text: 'THIS REPLY MUST NEVER BE ASKED FOR.' }] },
  ]);
  await sendMessage(page, 'Weather in Lisbon?');
  const runStatus = page.getByRole('status', { name: 'Run status' });
  await expect(runStatus).toContainText('direct-output');
  await expect(runStatus).toContainText('2 rounds');

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(2);
  await expect(
    timeline.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: `${weather} invalid-input` }),
  ).toBeVisible();
  const round2 = timeline.getByRole('article', { name: 'Round 2' });
  await expect(round2.getByRole('listitem', { name: `${weather} ok` })).toContainText('Lisbon');
  await expect(round2.getByRole('list', { name: 'Policies that acted' })).toContainText(
    `direct output'${weather}' is marked direct output: its result is the answer.`,
  );
  await expect(timeline).not.toContainText('THIS REPLY MUST NEVER BE ASKED FOR.');

  const requests = await messageBodies();
  expect(requests).toHaveLength(2);
  // The transcript says how the run ended, and its last message is the tool's result: the answer.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = JSON.parse(readFileSync(await (await downloadPromise).path(), 'utf8')) as Transcript;
  expect(transcript.finishReason).toBe('direct-output');
  const last = transcript.messages.at(-1);
  expect(last?.role).toBe('user');
  const result = last?.content[0];
  expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_good' });
  expect(JSON.stringify(result)).toContain('Lisbon');
});

test('"At a limit: Fallback brief" sends everything known as one brief to a fresh request', async ({ page }) => {
  await useMockAnthropic(page);
  await page.getByRole('textbox', { name: 'System prompt' }).fill('You are a packing assistant. SYSTEM-MARKER-42.');
  await openSidebarTab(page, 'Policies');
  await page.getByRole('spinbutton', { name: 'Max rounds' }).fill('2');
  await openSidebarTab(page, 'Policies');
  await page
    .getByRole('region', { name: 'Loop policies' })
    .getByRole('combobox', { name: 'At a limit' })
    .selectOption({ label: 'Fallback brief to a fresh request' });
  await enqueue([
    { content: [{ type: 'tool_use', id: 'toolu_w1', name: weather, input: { city: 'Oslo' } }] },
    {
      content: [
        { type: 'text', text: 'Now the clothes.' },
        { type: 'tool_use', id: 'toolu_c1', name: clothing, input: { temperatureC: 'cold', conditions: 'snow' } },
      ],
    },
    { content: [{ type: 'text', text: 'From the brief: it is cold in Oslo, wear a warm coat.' }] },
  ]);
  await sendMessage(page, 'What should I wear in Oslo?');

  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('limit:rounds');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(timeline.getByRole('note', { name: 'Limit reached' })).toContainText(
    'Round limit reached (2 rounds) — the loop sent a brief of everything known to a fresh request for the answer',
  );
  const final = timeline.getByRole('article', { name: 'Round 3' });
  await expect(final).toContainText('From the brief: it is cold in Oslo, wear a warm coat.');
  await expect(final.getByRole('list', { name: 'Policies that acted' })).toContainText('fallback brief');
  await expect(final.getByRole('list', { name: `Tool calls of round 3` })).toHaveCount(0);

  const requests = await messageBodies();
  expect(requests).toHaveLength(3);
  const fresh = requests[2];
  expect(systemText(fresh)).toMatch(/^You answer a user on behalf of an assistant that ran out of budget\./);
  // A fresh request: no tools to call, one user message, nothing of the old history as separate turns.
  expect(fresh?.tools ?? []).toEqual([]);
  expect(fresh?.tool_choice).toBeUndefined();
  expect(fresh?.messages).toHaveLength(1);
  expect(fresh?.messages[0]?.role).toBe('user');
  expect(fresh?.messages[0]?.content.map((block) => block.type)).toEqual(['text']);
  const brief = fresh?.messages[0]?.content[0]?.text ?? '';
  const order = [
    '# Brief',
    '## Assistant context',
    'SYSTEM-MARKER-42',
    '## Conversation',
    '### User',
    'What should I wear in Oslo?',
    '### Assistant',
    `Called tool \`${weather}\` with:`,
    '"city":"Oslo"',
    '### Tool results',
    `Result of \`${weather}\`:`,
    'Now the clothes.',
    `Called tool \`${clothing}\``,
    // The invalid call's exact error reaches the brief as an error.
    `Result of \`${clothing}\`: Error: Invalid input for tool '${clothing}'`,
    '## Your task',
  ];
  let from = 0;
  for (const part of order) {
    const at = brief.indexOf(part, from);
    expect(at, `the brief has "${part}" after what came before`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
  // The earlier requests kept the person's system prompt and the tools.
  expect(systemText(requests[0])).toContain('You are a packing assistant. SYSTEM-MARKER-42.');
  expect(requests[1]?.tools?.map((tool) => tool.name)).toContain(weather);
});
