// The command line's report: per case and model, each expectation's pass rate and why runs failed. Pure.
import { describeExpectation } from './describe-expectation';
import { holdsOften, summarizeRuns, type CaseRun } from './summarize-runs';
import type { TestCase } from './test-suite';

const percent = (rate: number | null): string => (rate === null ? 'skipped' : `${Math.round(rate * 100)}%`);
const money = (usd: number | null): string => (usd === null ? '—' : `$${usd.toFixed(4)}`);
const count = (value: number | null, unit: string): string => (value === null ? '—' : `${Math.round(value)} ${unit}`);

/** Lines of text (no colours) describing every case's runs; failures name the run and say why. */
export function renderReport(cases: readonly TestCase[], runs: readonly CaseRun[]): string[] {
  const lines: string[] = [];
  for (const testCase of cases) {
    const mine = runs.filter((run) => run.caseId === testCase.id);
    lines.push(`● ${testCase.name}`);
    for (const summary of summarizeRuns(mine, testCase.expectations.length)) {
      lines.push(
        `  ${summary.modelLabel}: ${summary.passedRuns}/${summary.runs} runs passed · ${count(summary.meanTokens, 'tokens')} · ${money(summary.meanCostUsd)} · ${count(summary.meanLatencyMs, 'ms')} (means)`,
      );
      testCase.expectations.forEach((expectation, index) => {
        const rate = summary.expectations[index];
        const mark = rate !== undefined && holdsOften(rate, expectation) ? '✓' : '✗';
        lines.push(`    ${mark} ${describeExpectation(expectation)} — ${percent(rate?.rate ?? null)}`);
      });
    }
    for (const run of mine) {
      if (run.error !== undefined) lines.push(`  ✗ ${run.modelLabel} run ${run.attempt} could not run: ${run.error}`);
      run.results.forEach((result, index) => {
        const expectation = testCase.expectations[index];
        if (result.outcome !== 'fail' || expectation === undefined) return;
        const where = result.round === undefined ? '' : ` (round ${result.round})`;
        lines.push(
          `  ✗ ${run.modelLabel} run ${run.attempt}${where}: ${describeExpectation(expectation)} — ${result.detail}`,
        );
      });
    }
  }
  return lines;
}
