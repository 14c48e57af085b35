// JUnit XML for CI: one <testsuite> per case, one <testcase> per run × expectation. Pure.
import { describeExpectation } from './describe-expectation';
import { readRunLatency } from './read-run';
import type { CaseRun } from './summarize-runs';
import type { TestCase } from './test-suite';

/** Escapes text for XML attributes and content; drops characters XML 1.0 cannot carry. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing exactly the control characters XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  );
}

function testcase(testCase: TestCase, run: CaseRun, index: number): string {
  const expectation = testCase.expectations[index];
  const label = expectation === undefined ? 'run' : describeExpectation(expectation);
  const name = escapeXml(`[${run.modelLabel} #${run.attempt}] ${label}`);
  const classname = escapeXml(testCase.name);
  // A run's time is shared among its expectations, so the suite's total is the runs' total.
  const latency = run.transcript === undefined ? 0 : readRunLatency(run.transcript);
  const seconds = (latency / 1000 / Math.max(1, testCase.expectations.length)).toFixed(3);
  const result = run.results[index];
  if (run.error !== undefined)
    return `    <testcase name="${name}" classname="${classname}" time="${seconds}"><error message="${escapeXml(run.error)}"/></testcase>`;
  if (result?.outcome === 'fail')
    return `    <testcase name="${name}" classname="${classname}" time="${seconds}"><failure message="${escapeXml(result.detail)}"/></testcase>`;
  if (result?.outcome === 'skipped')
    return `    <testcase name="${name}" classname="${classname}" time="${seconds}"><skipped message="${escapeXml(result.detail)}"/></testcase>`;
  return `    <testcase name="${name}" classname="${classname}" time="${seconds}"/>`;
}

/** The whole report; `runs` in any order (grouped by case here). */
export function renderJunit(suiteName: string, cases: readonly TestCase[], runs: readonly CaseRun[]): string {
  const suites = cases.map((testCase) => {
    const mine = runs.filter((run) => run.caseId === testCase.id);
    const count = Math.max(1, testCase.expectations.length);
    const lines = mine.flatMap((run) => Array.from({ length: count }, (_, index) => testcase(testCase, run, index)));
    const failures = mine.reduce(
      (sum, run) =>
        sum + (run.error === undefined ? run.results.filter((result) => result.outcome === 'fail').length : 0),
      0,
    );
    const errors = mine.filter((run) => run.error !== undefined).length * count;
    const skipped = mine.reduce(
      (sum, run) => sum + run.results.filter((result) => result.outcome === 'skipped').length,
      0,
    );
    return [
      `  <testsuite name="${escapeXml(testCase.name)}" tests="${lines.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">`,
      ...lines,
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suiteName)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
