// A case's recent results: one entry per "Run ×N", oldest first, runs passed per model — the trend that says
// whether a change to a prompt, a tool or a model made things better or worse.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { trendKey } from '../../store/tests/test-trend';
import type { TestCase } from '../../suite/test-suite';

const bar = (passed: number, runs: number) =>
  runs === 0 ? '·' : ['▁', '▃', '▅', '▇', '█'][Math.round((passed / runs) * 4)];

export function TestTrend({ testCase }: { testCase: TestCase }) {
  const points = useLoupeStore((state) => state.testTrends[trendKey(state.testSuite.name, testCase.id)]);
  if (points === undefined || points.length === 0) return null;
  return (
    <div className="text-xs">
      <p className="text-zinc-600 dark:text-zinc-400">Recent results (oldest first)</p>
      <ol aria-label={`Trend of ${testCase.name}`} className="flex flex-wrap gap-x-3 gap-y-1 font-mono">
        {points.map((point, index) => (
          <li key={`${point.at}-${index}`} title={new Date(point.at).toLocaleString()}>
            {point.models.map((entry) => (
              <span key={entry.model} className="mr-2">
                <span aria-hidden="true">{bar(entry.passed, entry.runs)} </span>
                {entry.passed}/{entry.runs} {entry.model}
              </span>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
