// One test case: its name, what it sends, its expectations, "Run ×N" and the latest results.
import type { TestCase } from '../../suite/test-suite';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, smallButtonClass } from '../common/styles';
import { ExpectationsEditor } from './expectations-editor';
import { RunBatchForm } from './run-batch-form';
import { TestResults } from './test-results';
import { testNameFieldId } from './test-case-ids';
import { TestTrend } from './test-trend';

export function TestCaseCard({ testCase }: { testCase: TestCase }) {
  const update = useLoupeStore((state) => state.updateTestCase);
  const remove = useLoupeStore((state) => state.removeTestCase);
  const batch = useLoupeStore((state) => state.testBatches[testCase.id]);
  const tools = testCase.servers.map((server) => server.name).join(', ');
  return (
    <li
      aria-label={`Test ${testCase.name}`}
      className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex items-center gap-2">
        <input
          id={testNameFieldId(testCase.id)}
          aria-label="Test name"
          className={`${inputClass} font-medium`}
          value={testCase.name}
          onChange={(event) => update(testCase.id, { name: event.target.value })}
        />
        <button type="button" className={smallButtonClass} onClick={() => remove(testCase.id)}>
          Delete test
        </button>
      </div>
      <p className="text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
        Sends “{testCase.prompt}” to{' '}
        <span className="font-mono">
          {testCase.model.provider}/{testCase.model.model}
        </span>
        {tools === '' ? ' with no servers' : ` with ${tools}`}; at most {testCase.maxRounds} rounds.
      </p>
      <ExpectationsEditor
        expectations={testCase.expectations}
        onChange={(expectations) => update(testCase.id, { expectations })}
      />
      <RunBatchForm testCase={testCase} running={batch?.running === true} />
      {batch !== undefined && <TestResults testCase={testCase} batch={batch} />}
      <TestTrend testCase={testCase} />
    </li>
  );
}
