// A batch's results: per model, runs passed, each expectation's pass rate, tokens, cost and latency;
// then every run, one click from its full timeline.
import { describeExpectation } from '../../suite/describe-expectation';
import { readToolPath } from '../../suite/results-file';
import { isRunPassed, summarizeRuns } from '../../suite/summarize-runs';
import { usualToolPath } from '../../suite/usual-tool-path';
import type { TestCase } from '../../suite/test-suite';
import type { TestBatch } from '../../store/tests/tests-state';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import { jumpToRoundWhenShown } from './jump-to-round-when-shown';

const percent = (rate: number | null) => (rate === null ? 'skipped' : `${Math.round(rate * 100)}%`);
const cell = 'border-b border-zinc-200 px-2 py-1 text-left align-top dark:border-zinc-800';

export function TestResults({ testCase, batch }: { testCase: TestCase; batch: TestBatch }) {
  const openRun = useLoupeStore((state) => state.openTestRun);
  const summaries = summarizeRuns(batch.runs, testCase.expectations.length);
  const done = batch.runs.length;
  return (
    <div className="space-y-2 text-xs">
      <p role="status" aria-label={`Results of ${testCase.name}`}>
        {batch.running ? `Running: ${done} of ${batch.planned} runs done…` : `${done} of ${batch.planned} runs done.`}
        {batch.stoppedBy === 'spend-cap' && ' Stopped at the spending cap.'}
        {batch.stoppedBy === 'cancelled' && ' Cancelled.'}
      </p>
      {summaries.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse" aria-label={`Pass rates of ${testCase.name}`}>
            <thead>
              <tr>
                <th className={cell}>Expectation</th>
                {summaries.map((summary) => (
                  <th key={summary.modelLabel} className={`${cell} font-mono`}>
                    {summary.modelLabel}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th className={cell}>Runs passed</th>
                {summaries.map((summary) => (
                  <td key={summary.modelLabel} className={cell}>
                    {summary.passedRuns}/{summary.runs}
                  </td>
                ))}
              </tr>
              {testCase.expectations.map((expectation, index) => (
                <tr key={index}>
                  <th className={`${cell} font-normal [overflow-wrap:anywhere]`}>
                    {index + 1}. {describeExpectation(expectation)}
                  </th>
                  {summaries.map((summary) => {
                    const rate = summary.expectations[index];
                    return (
                      <td key={summary.modelLabel} className={cell}>
                        Pass rate {percent(rate?.rate ?? null)}
                        <span className="text-zinc-600 dark:text-zinc-400">
                          {' '}
                          ({rate?.passed ?? 0}/{(rate?.passed ?? 0) + (rate?.failed ?? 0)})
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
              <tr>
                <th className={cell}>Tokens · cost · latency (means)</th>
                {summaries.map((summary) => (
                  <td key={summary.modelLabel} className={`${cell} font-mono`}>
                    {summary.meanTokens === null ? '—' : Math.round(summary.meanTokens)} ·{' '}
                    {summary.meanCostUsd === null ? '—' : `$${summary.meanCostUsd.toFixed(4)}`} ·{' '}
                    {summary.meanLatencyMs === null ? '—' : `${Math.round(summary.meanLatencyMs)} ms`}
                  </td>
                ))}
              </tr>
              <tr>
                <th className={cell}>Tool path (most runs)</th>
                {summaries.map((summary) => (
                  <td key={summary.modelLabel} className={`${cell} font-mono [overflow-wrap:anywhere]`}>
                    {usualToolPath(
                      batch.runs.flatMap((run) =>
                        run.modelLabel === summary.modelLabel && run.transcript !== undefined
                          ? [readToolPath(run.transcript)]
                          : [],
                      ),
                    )}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <ul aria-label={`Runs of ${testCase.name}`} className="space-y-1">
        {batch.runs.map((run, index) => {
          const failures = run.results.flatMap((result, at) =>
            result.outcome === 'fail' ? [`${at + 1}: ${result.detail}`] : [],
          );
          // The rounds the failed expectations judged, each one click from its card in the run's timeline.
          const judged = [
            ...new Set(
              run.results.flatMap((result) => (result.outcome === 'fail' && result.round ? [result.round] : [])),
            ),
          ];
          return (
            <li key={index} className="flex items-start gap-2">
              <span aria-hidden="true">{isRunPassed(run) ? '✓' : '✗'}</span>
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {run.modelLabel} #{run.attempt} {isRunPassed(run) ? 'passed' : 'failed'}
                {run.error !== undefined && ` — could not run: ${run.error}`}
                {failures.length > 0 && ` — ${failures.join('; ')}`}
              </span>
              {run.transcript !== undefined && (
                <button type="button" className={smallButtonClass} onClick={() => void openRun(testCase.id, index)}>
                  Open
                </button>
              )}
              {run.transcript !== undefined &&
                judged.map((round) => (
                  <button
                    key={round}
                    type="button"
                    className={smallButtonClass}
                    aria-label={`Open ${run.modelLabel} #${run.attempt} at round ${round}`}
                    onClick={() => void openRun(testCase.id, index).then(() => jumpToRoundWhenShown(round))}
                  >
                    Round {round}
                  </button>
                ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
