// "Run ×N": how many times, on which models, how many at once and the spending cap — then run or cancel.
import { useState } from 'react';
import type { TestCase } from '../../suite/test-suite';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';

const wholeNumber = (text: string, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= 100 ? value : fallback;
};

export function RunBatchForm({ testCase, running }: { testCase: TestCase; running: boolean }) {
  const runTestCase = useLoupeStore((state) => state.runTestCase);
  const cancel = useLoupeStore((state) => state.cancelTestCase);
  const [times, setTimes] = useState('3');
  const [models, setModels] = useState(testCase.model.model);
  const [concurrency, setConcurrency] = useState('2');
  const [cap, setCap] = useState('');
  const n = wholeNumber(times, 3);
  const start = () => {
    const capValue = Number(cap);
    void runTestCase(testCase.id, {
      times: n,
      models: models
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean),
      concurrency: wholeNumber(concurrency, 2),
      ...(cap.trim() !== '' && Number.isFinite(capValue) && capValue >= 0 ? { spendCapUsd: capValue } : {}),
    });
  };
  const field = (label: string, value: string, set: (value: string) => void, extra: string, hint?: string) => (
    <Field label={label} className={extra}>
      {(control) => (
        <input
          {...control}
          className={inputClass}
          value={value}
          placeholder={hint}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <div className="flex flex-wrap items-end gap-2">
      {field('Times', times, setTimes, 'w-16')}
      {field('Models', models, setModels, 'min-w-40 flex-1', 'id, provider/model or openai-compatible/model@URL, …')}
      {field('At once', concurrency, setConcurrency, 'w-20')}
      {field('Spending cap (USD)', cap, setCap, 'w-36', 'none')}
      {running ? (
        <button type="button" className={secondaryButtonClass} onClick={() => cancel(testCase.id)}>
          Cancel runs
        </button>
      ) : (
        <button type="button" className={primaryButtonClass} onClick={start}>
          Run ×{n}
        </button>
      )}
    </div>
  );
}
