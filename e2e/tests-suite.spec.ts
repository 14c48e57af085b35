// "Turn a run into a test": make a test from a Demo-model run, break an expectation, run ×3, read the
// pass rates; export the suite; the headless runner fails it against the mock Messages API with a report
// and a JUnit file, and passes once the expectation is fixed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOCK_API_KEY } from './fixtures/choose-mock-anthropic';
import { e2eUrls } from './fixtures/e2e-ports';
import { expect, test } from './fixtures/loupe-test';
import { makeTestFromDemoRun } from './fixtures/make-test';
import { openSidebarTab } from './fixtures/sidebar';

function runHeadless(suitePath: string, junitPath: string) {
  const result = spawnSync(
    'node',
    [
      '--import',
      'tsx',
      'src/headless/loupe-cli.ts',
      'test',
      suitePath,
      '--model',
      'anthropic/claude-haiku-4-5',
      '--base-url',
      e2eUrls.mockApi,
      '--junit',
      junitPath,
    ],
    { encoding: 'utf8', env: { ...process.env, ANTHROPIC_API_KEY: MOCK_API_KEY }, timeout: 120_000 },
  );
  return { code: result.status, lines: result.stdout.trim().split('\n'), stderr: result.stderr };
}

test('make a test from a run, run it ×3, export it and gate CI with the headless runner', async ({ page }) => {
  const testCase = await makeTestFromDemoRun(page, 'What should I wear in Paris today?');
  const tests = page.getByRole('region', { name: 'Tests' });
  await expect(testCase).toBeVisible();
  const expectations = testCase.getByRole('list', { name: 'Expectations' });
  await expect(expectations.getByRole('listitem')).toHaveCount(4);
  await expect(expectations).toContainText('calls demo__weather_get → demo__clothing_advise (in this order)');
  await expect(expectations).toContainText('at most 5 rounds');

  // Break the round budget: the run takes 3 rounds.
  await testCase.getByLabel('Expectation 4 rounds').fill('1');
  await expect(expectations).toContainText('at most 1 rounds');
  await testCase.getByLabel('Times').fill('3');
  await testCase.getByRole('button', { name: 'Run ×3' }).click();

  await expect(testCase.getByRole('status', { name: /Results of/ })).toHaveText('3 of 3 runs done.');
  const rates = testCase.getByRole('table', { name: /Pass rates of/ });
  await expect(rates.getByRole('row', { name: /Runs passed/ })).toContainText('0/3');
  await expect(rates.getByRole('row', { name: /calls demo__weather_get/ })).toContainText('Pass rate 100% (3/3)');
  await expect(rates.getByRole('row', { name: /at most 1 rounds/ })).toContainText('Pass rate 0% (0/3)');
  await expect(testCase.getByRole('list', { name: /Runs of/ })).toContainText(
    'demo/loupe-demo #3 failed — 4: the run took 3 rounds',
  );
  // The test runs are not the person's runs: the session still shows the one run it made.
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await tests.getByRole('button', { name: 'Export suite' }).click();
  const dir = mkdtempSync(join(tmpdir(), 'loupe-suite-'));
  const suitePath = join(dir, 'suite.json');
  await (await download).saveAs(suitePath);
  const suite = JSON.parse(readFileSync(suitePath, 'utf8')) as {
    format: string;
    cases: { servers: { name: string; url: string }[]; expectations: { kind: string; max?: number }[] }[];
  };
  expect(suite.format).toBe('loupe-suite');
  expect(suite.cases[0]?.servers).toEqual([{ name: 'demo', url: e2eUrls.demoServer }]);

  const junitPath = join(dir, 'report.xml');
  const failing = runHeadless(suitePath, junitPath);
  expect(failing.code, failing.stderr).toBe(1);
  expect(failing.lines.at(-1)).toBe('3 passed, 1 failed');
  expect(failing.lines.join('\n')).toContain('✗ anthropic/claude-haiku-4-5 run 1: at most 1 rounds — the run took');
  expect(readFileSync(junitPath, 'utf8')).toContain('<failure message="the run took');

  const roundBudget = suite.cases[0]?.expectations.find((expectation) => expectation.kind === 'max-rounds');
  if (roundBudget) roundBudget.max = 10;
  writeFileSync(suitePath, JSON.stringify(suite));
  const passing = runHeadless(suitePath, junitPath);
  expect(passing.code, passing.stderr).toBe(0);
  expect(passing.lines.at(-1)).toBe('4 passed, 0 failed');
  expect(readFileSync(junitPath, 'utf8')).not.toContain('<failure');

  // The fixed suite imports back into the panel.
  await tests.getByTestId('import-suite-input').setInputFiles(suitePath);
  await expect(testCase.getByRole('list', { name: 'Expectations' })).toContainText('at most 10 rounds');
});

test('an expectation on one round fails on exactly that round, and its result opens the run at that round', async ({
  page,
}) => {
  await page.goto('/');
  await openSidebarTab(page, 'Servers');
  await expect(
    page.getByRole('list', { name: 'Servers' }).getByRole('listitem', { name: 'demo connected' }),
  ).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('What should I wear in Paris today?');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Run status' })).toContainText('end_turn');
  await page.getByRole('button', { name: 'Make a test' }).click();
  await openSidebarTab(page, 'Tests');
  const testCase = page
    .getByRole('region', { name: 'Tests' })
    .getByRole('listitem', { name: 'Test What should I wear in Paris today?' });
  const expectations = testCase.getByRole('list', { name: 'Expectations' });
  await expect(expectations.getByRole('listitem')).toHaveCount(4);

  // "Round 1 calls the weather tool only" holds; "round 2 calls no tool" does not (it asks for clothing advice).
  const first = expectations.getByRole('listitem', { name: 'Expectation 1' });
  await first.getByRole('combobox', { name: 'Round' }).selectOption({ label: 'Round N' });
  await expect(first.getByRole('spinbutton', { name: 'Round number' })).toHaveValue('1');
  await first.getByLabel('Expectation 1 tools').fill('demo__weather_get');
  await first.getByLabel('Expectation 1 order').selectOption('exact');
  await expect(first).toContainText('calls demo__weather_get in round 1 (exactly)');

  await testCase.getByLabel('Add expectation').selectOption({ label: 'No tool calls' });
  const fifth = expectations.getByRole('listitem', { name: 'Expectation 5' });
  await expect(fifth.getByRole('combobox', { name: 'Round' })).toHaveValue('last');
  await expect(fifth.getByRole('combobox', { name: 'Round' }).getByRole('option')).toHaveText([
    'Any round',
    'Round N',
    'Last round',
    'First call of a tool',
  ]);
  await fifth.getByRole('combobox', { name: 'Round' }).selectOption({ label: 'Round N' });
  await fifth.getByRole('spinbutton', { name: 'Round number' }).fill('2');
  await expect(fifth).toContainText('no tool is called in round 2');

  await testCase.getByLabel('Times').fill('1');
  await testCase.getByRole('button', { name: 'Run ×1' }).click();
  await expect(testCase.getByRole('status', { name: /Results of/ })).toHaveText('1 of 1 runs done.');
  const runs = testCase.getByRole('list', { name: /Runs of/ });
  await expect(runs).toContainText('demo/loupe-demo #1 failed — 5: in round 2: it called demo__clothing_advise');
  await expect(runs).not.toContainText('1: ');
  const rates = testCase.getByRole('table', { name: /Pass rates of/ });
  await expect(rates.getByRole('row', { name: /calls demo__weather_get in round 1/ })).toContainText('Pass rate 100%');

  await runs.getByRole('button', { name: 'Open demo/loupe-demo #1 at round 2' }).click();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'Round 2' })).toBeFocused();
});
