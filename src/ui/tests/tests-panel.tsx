// The Tests region: the suite's cases (made from runs with "Make a test"), run ×N, export and import.
import { useRef } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, panelClass, panelTitleClass, secondaryButtonClass } from '../common/styles';
import { TestCaseCard } from './test-case-card';
import { downloadText } from '../transcript/download-json';

export function TestsPanel() {
  const suite = useLoupeStore((state) => state.testSuite);
  const renameSuite = useLoupeStore((state) => state.renameSuite);
  const exportSuite = useLoupeStore((state) => state.exportSuite);
  const importSuite = useLoupeStore((state) => state.importSuite);
  const input = useRef<HTMLInputElement>(null);

  const download = () => downloadText(exportSuite(), 'loupe-suite.json', 'application/json');
  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file !== undefined) await importSuite(await file.text(), file.name);
  };

  return (
    <section role="region" aria-labelledby="tests-title" className={panelClass}>
      <h2 id="tests-title" className={panelTitleClass}>
        Tests
      </h2>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <input
          aria-label="Suite name"
          className={`${inputClass} min-w-32 flex-1`}
          value={suite.name}
          onChange={(event) => renameSuite(event.target.value)}
        />
        <button type="button" className={secondaryButtonClass} disabled={suite.cases.length === 0} onClick={download}>
          Export suite
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => input.current?.click()}>
          Import suite
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-suite-input"
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </div>
      {suite.cases.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          No tests yet. Finish a run, then press <strong>Make a test</strong>: its prompt, settings and tools become a
          case whose expectations you edit, run ×N across models, and run in CI with{' '}
          <code className="font-mono">npm run loupe -- test suite.json</code>.
        </p>
      ) : (
        <ul aria-label="Test cases" className="space-y-3">
          {suite.cases.map((testCase) => (
            <TestCaseCard key={testCase.id} testCase={testCase} />
          ))}
        </ul>
      )}
    </section>
  );
}
