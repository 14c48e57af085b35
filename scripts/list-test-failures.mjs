// Names the failed test cases from the reports `npm test` writes, and the first lines of why each failed, so
// the last lines of a CI log say which tests failed and why, not only how many (a CI log is often read from its
// tail only: a rare failure seen only there could not be told apart from a flaky machine).
import { readFileSync } from 'node:fs';

function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Lines of a failure's message kept in the summary: enough for the assertion, its expected and received. */
const WHY_LINES = 8;
const WHY_LINE_CHARS = 240;

/** The first lines of an error message, without terminal colours or blank lines, each cut to a readable length. */
export function firstLines(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex -- terminal colour codes are what is removed
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .slice(0, WHY_LINES)
      .map((line) => (line.length > WHY_LINE_CHARS ? `${line.slice(0, WHY_LINE_CHARS)}…` : line))
  );
}

/** Vitest's JSON report: `file › full name` of every failed assertion. */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        name: `vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`,
        why: firstLines(test.failureMessages?.[0]),
      })),
  );
}

/** Playwright's JSON report: `file:line › title` of every test that failed or passed only on a retry, and why. */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const failure = (test.results ?? []).find((result) => result.error !== undefined);
          names.push({
            name: `e2e ${spec.file}:${spec.line} › ${spec.title} (${test.status})`,
            why: firstLines(failure?.error?.message),
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return names;
}

/** The conformance runner's report: `mode scenario` of every failed scenario. */
function conformanceFailures(report) {
  return (report?.scenarios ?? [])
    .filter((item) => !item.passed)
    .map((item) => ({
      name: `conformance ${item.mode} ${item.scenario}`,
      why: [`${item.successes} checks passed, ${item.failures} failed${item.timedOut ? ', stopped: it hung' : ''}`],
    }));
}

/** Every failed test case named in the reports under `dir`: `{ name, why }`, `why` the first lines of its error. */
export function listTestFailures(dir) {
  return [
    // One report a Vitest project (vitest-unit.json, vitest-integration.json), or one for all (vitest.json).
    ...['vitest', 'vitest-unit', 'vitest-integration'].flatMap((name) => vitestFailures(read(`${dir}/${name}.json`))),
    ...playwrightFailures(read(`${dir}/playwright.json`)),
    ...conformanceFailures(read(`${dir}/conformance.json`)),
  ];
}
