// The step-through debugger end to end: the Anthropic provider (real SDK) against the mock Messages API and
// the demo MCP server, in the production build with its CSP (any CSP violation is a console error: the test fails).
import { readFileSync } from 'node:fs';
import type { Transcript } from '../src/engine/transcript/transcript';
import { expect, test } from './fixtures/loupe-test';
import { addToolBreakpoint } from './fixtures/breakpoints';
import { openSidebarTab } from './fixtures/sidebar';
import { selectOptionStarting } from './fixtures/select-option-starting';
import { expectEditorReady } from './fixtures/editor-ready';
import { useMockAnthropic, openWithDemoConnected } from './fixtures/demo-connected';
import { messageRequests } from './fixtures/mock-control';
import { replaceEditorText } from './fixtures/paused-editor';
import { runToEnd, sendMessage } from './fixtures/run-message';
import { roundCall } from './fixtures/timeline';

interface RecordedRequest {
  path: string;
  body: unknown;
}

test('step mode holds each point; an edited input runs; an overridden result reaches the model', async ({ page }) => {
  await useMockAnthropic(page);
  const status = page.getByRole('status', { name: 'Debugger status' });
  await page.getByRole('switch', { name: 'Step mode' }).check();
  await sendMessage(page, 'What should I wear in Paris today?');

  // The first request is held until Step: nothing reached the API.
  await expect(status).toContainText('Paused before the model request of round 1');
  const paused = page.getByRole('region', { name: 'Paused step' });
  await expect(paused.getByLabel('Input tokens')).toContainText('input tokens (counted by the provider)');
  expect(await messageRequests<RecordedRequest>()).toHaveLength(0);
  await expect(page.getByRole('button', { name: 'Step', exact: true })).toHaveAttribute('title', /F11/);

  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(status).toContainText("Paused after the model's reply in round 1");
  expect(await messageRequests<RecordedRequest>()).toHaveLength(1);

  // The call does not run until stepped past.
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(status).toContainText('Paused before demo__weather_get runs');
  const round1 = page.getByRole('article', { name: 'Round 1' });
  const weather = round1.getByRole('listitem', { name: /demo__weather_get/ });
  await expect(weather).toContainText('pending');

  // A bad edit is refused where the person looks, then a good one runs.
  await replaceEditorText(page, 'Tool input', '{"town": "Oslo"}');
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toContainText('city');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(paused.getByRole('alert')).toContainText('Fix the edit first');
  await replaceEditorText(page, 'Tool input', '{"city": "Oslo"}');
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(status).toContainText('Paused after demo__weather_get returned');
  await expect(weather).toContainText('ok');
  await expect(weather).toContainText('input edited');
  await expect(weather).toContainText('"city": "Oslo"');

  // Override the result before the model sees it (as raw content blocks), then Continue to the end.
  // One click: the choice holds through the panel's renders as the pause settles (use-kept-state.ts).
  await paused.getByRole('radio', { name: 'Raw content blocks' }).check();
  await replaceEditorText(page, 'Tool result', '[{"type": "text", "text": "OVERRIDDEN: snow in Oslo, -5 °C"}]');
  await expect(paused.getByRole('list', { name: 'Edit problems' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(weather).toContainText('result overridden');
  await expect(page.getByRole('article', { name: 'Round 3' })).toContainText('OVERRIDDEN: snow in Oslo');
  const requests = await messageRequests<RecordedRequest>();
  expect(requests).toHaveLength(3);
  expect(JSON.stringify(requests[1]?.body)).toContain('OVERRIDDEN: snow in Oslo');
  // The tool's own report (with its humidity) never reached the model.
  expect(JSON.stringify(requests[1]?.body)).not.toContain('humidity\\"');
});

test('fork from round 1: a second branch runs, the first stays intact, the transcript keeps both', async ({ page }) => {
  await useMockAnthropic(page);
  await runToEnd(page, 'What should I wear in Paris today?');
  const runStatus = page.getByRole('status', { name: 'Run status' });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('article')).toHaveCount(3);

  await timeline.getByRole('article', { name: 'Round 1' }).getByRole('button', { name: 'Fork from here' }).click();
  const fork = page.getByRole('group', { name: 'Fork from round 1' });
  await expectEditorReady(fork);
  await fork.getByRole('textbox', { name: 'Fork name' }).fill('Ask about Oslo');
  await fork.getByRole('textbox', { name: 'Fork messages' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('[{"role": "user", "content": [{"type": "text", "text": "What about Oslo?"}]}]');
  await fork.getByRole('button', { name: 'Start fork' }).click();

  await expect(runStatus).toContainText('end_turn');
  const branch = page.getByRole('combobox', { name: 'Branch' });
  await expect(branch.getByRole('option')).toHaveCount(2);
  await expect(branch).toHaveValue(/.+/);
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(timeline.getByRole('article', { name: 'Round 3' })).toContainText('Done.');
  const requests = await messageRequests<RecordedRequest>();
  expect(requests).toHaveLength(6);
  expect(JSON.stringify(requests[3]?.body)).toContain('What about Oslo?');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transcript' }).click();
  const transcript = JSON.parse(readFileSync(await (await downloadPromise).path(), 'utf8')) as Transcript;
  expect(transcript.messages[0]?.content[0]).toEqual({ type: 'text', text: 'What about Oslo?' });
  expect(transcript.branches?.map((entry) => entry.name)).toEqual(['Original']);
  expect(JSON.stringify(transcript.branches?.[0]?.messages[0])).toContain('What should I wear in Paris today?');

  await selectOptionStarting(branch, 'Original · ');
  await expect(timeline.getByRole('article')).toHaveCount(3);
  await expect(timeline.getByRole('article', { name: 'Round 1' })).toContainText('Calling demo__weather_get');
  await expect(roundCall(timeline, 1, /demo__weather_get/)).toContainText('Paris');
});

test('a breakpoint on a tool stops only there; approval asks and a denial reaches the model', async ({ page }) => {
  await useMockAnthropic(page);
  await addToolBreakpoint(page, 'demo__clothing_advise');
  await expect(page.getByRole('list', { name: 'Breakpoints' })).toContainText('tool demo__clothing_advise');
  await sendMessage(page, 'What should I wear?');
  const status = page.getByRole('status', { name: 'Debugger status' });
  await expect(status).toContainText(
    'Paused before demo__clothing_advise runs (round 2) — breakpoint: tool demo__clothing_advise',
  );
  await expect(page.getByRole('article', { name: 'Round 2' })).toContainText('breakpoint: tool demo__clothing_advise');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');

  // Approval on: the demo tools are read-only, so they default to auto; ask for one, then deny it with a message.
  await page.getByRole('button', { name: 'Remove breakpoint tool demo__clothing_advise' }).click();
  await page.getByRole('checkbox', { name: 'Ask before tools run' }).check();
  const approval = page.getByRole('combobox', { name: 'Approval for demo__weather_get' });
  await expect(approval).toHaveValue('auto');
  await approval.selectOption('ask');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(status).toContainText('approval needed');
  await page.getByRole('textbox', { name: 'Reason for denying (the model reads it)' }).fill('Not today');
  await page.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(
    page.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: /demo__weather_get/ }),
  ).toContainText('denied');
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(page.getByRole('article', { name: 'Round 3' })).toContainText('The user denied this call: Not today');
});

test('You are the model: the person writes the tool call and the answer, the demo server runs it', async ({ page }) => {
  await openWithDemoConnected(page);
  await openSidebarTab(page, 'Settings');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'You are the model' });
  await sendMessage(page, 'Weather in Rome?');
  const me = page.getByRole('region', { name: 'You are the model' });
  await me.getByRole('combobox', { name: 'Tool to call' }).selectOption('demo__weather_get');
  await expectEditorReady(me);
  await me.getByRole('textbox', { name: 'Tool call input' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('{"city": "Rome"}');
  await me.getByRole('button', { name: 'Add tool call' }).click();
  await me.getByRole('button', { name: 'Send reply' }).click();
  const weather = page.getByRole('article', { name: 'Round 1' }).getByRole('listitem', { name: /demo__weather_get/ });
  await expect(weather).toContainText('ok');
  await expect(weather).toContainText('Rome');
  await me.getByRole('textbox', { name: 'Reply text' }).fill('Bring sunglasses.');
  await me.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await expect(page.getByRole('article', { name: 'Round 2' })).toContainText('Bring sunglasses.');
});
