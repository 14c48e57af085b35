// The pause where the eye is, driven from the keyboard: each pause opens in the card of what it holds, scrolls
// into view and takes focus; F11 / F10 / F8 (and the Ctrl set) step, also from inside the Monaco editor; the
// run's status reads "paused" and its clock stands still while held. Anthropic provider (real SDK) against the
// mock Messages API and the demo MCP server, production build.
import { expect, test } from './fixtures/loupe-test';
import { useMockAnthropic } from './fixtures/demo-connected';

test('keyboard only: F11 to the call, edit it in place, F10 over the round, F8 from inside the editor', async ({
  page,
}) => {
  // The page's clock can be moved forward at a pause instead of waiting (Date.now only: the run's own times come
  // from the worker, so the move is what a ticking clock would show and a stopped one would not).
  await page.addInitScript(() => {
    const realNow = Date.now.bind(Date);
    const shifted = window as unknown as { __clockShift: number };
    shifted.__clockShift = 0;
    Date.now = () => realNow() + shifted.__clockShift;
  });
  await useMockAnthropic(page);
  await page.getByRole('switch', { name: 'Step mode' }).check();
  const message = page.getByLabel('Message', { exact: true });
  await message.fill('What should I wear in Paris today?');
  await message.press('ControlOrMeta+Enter');

  const status = page.getByRole('status', { name: 'Debugger status' });
  const runStatus = page.getByRole('status', { name: 'Run status' });
  const round1 = page.getByRole('article', { name: 'Round 1' });
  const paused = page.getByRole('region', { name: 'Paused step' });

  // The request pause opens in round 1's card with its editor focused.
  await expect(status).toContainText('Paused before the model request of round 1');
  await expect(round1.getByRole('region', { name: 'Paused step' })).toBeVisible();
  await expect(paused.getByRole('textbox', { name: 'Pending request' })).toBeFocused();
  await expect(runStatus).toContainText('paused');

  // The second key set (Ctrl+;) steps like F11; with nothing to edit, the panel itself takes focus.
  await page.keyboard.press('Control+Semicolon');
  await expect(status).toContainText("Paused after the model's reply in round 1");
  await expect(round1.getByRole('region', { name: 'Paused step' })).toBeFocused();

  await page.keyboard.press('F11');
  await expect(status).toContainText('Paused before demo__weather_get runs');
  const weather = round1.getByRole('listitem', { name: /demo__weather_get/ });
  const callPause = weather.getByRole('region', { name: 'Paused step' });
  await expect(callPause).toBeInViewport();
  await expect(weather).toContainText('Paused before it runs');
  await expect(weather).not.toContainText('Waiting for the model');
  const input = callPause.getByRole('textbox', { name: 'Tool input' });
  await expect(input).toBeFocused();

  // Paused: the status says so and the clock stands still, however much time passes.
  await expect(runStatus).toContainText('paused');
  const clock = runStatus.getByLabel('Run time');
  const before = await clock.textContent();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        (window as unknown as { __clockShift: number }).__clockShift += 5 * 60_000;
        // Timers fire in order of their due time: any 250 ms clock tick falls due before this one does.
        setTimeout(resolve, 600);
      }),
  );
  await expect(runStatus).toContainText('paused');
  expect(await clock.textContent()).toBe(before);

  // Edit in place from the keyboard, then F10: the call runs with the edit, the loop holds before round 2.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('{"city": "Oslo"}');
  await expect(callPause.getByRole('list', { name: 'Edit problems' })).toHaveCount(0);
  await page.keyboard.press('F10');
  await expect(status).toContainText('Paused before the model request of round 2');
  await expect(weather).toContainText('input edited');
  await expect(weather).toContainText('"city": "Oslo"');

  // F8 inside Monaco (which binds F8 itself) continues the run to its end.
  const round2 = page.getByRole('article', { name: 'Round 2' });
  await expect(round2.getByRole('textbox', { name: 'Pending request' })).toBeFocused();
  await page.keyboard.press('F8');
  await expect(runStatus).toContainText('end_turn');
  await expect(page.getByRole('region', { name: 'Paused step' })).toHaveCount(0);
});
