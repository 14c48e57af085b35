// Names the failed test cases from the reports `npm test` writes, so the last lines of a CI log say which
// tests failed and not only how many (a CI log is often read from its tail only).
import { readFileSync } from 'node:fs';

function read(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report: `file › full name` of every failed assertion. */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`),
  );
}

/** Playwright's JSON report: `file:line › title` of every test that failed or passed only on a retry. */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky')
          names.push(`e2e ${spec.file}:${spec.line} › ${spec.title} (${test.status})`);
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
    .map((item) => `conformance ${item.mode} ${item.scenario}`);
}

/** Every failed test case named in the reports under `dir`. */
export function listTestFailures(dir) {
  return [
    ...vitestFailures(read(`${dir}/vitest.json`)),
    ...playwrightFailures(read(`${dir}/playwright.json`)),
    ...conformanceFailures(read(`${dir}/conformance.json`)),
  ];
}
