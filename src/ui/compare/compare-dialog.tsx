// The Compare runs dialog: two pickers over the session's runs (labelled with where each came from: fork,
// replay, import, edits) and the comparison of the two.
import { useEffect, useRef, useState } from 'react';
import type { RunsCompareResult } from '../../protocol/session-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { roundOffsetOf } from '../../store/round-offset';
import { Field } from '../common/field';
import { inputClass, panelTitleClass, smallButtonClass } from '../common/styles';
import { ComparisonTable } from './comparison-table';
import { useRunLabels } from './use-run-labels';

export function CompareDialog({ onClose }: { onClose: () => void }) {
  const runs = useLoupeStore((state) => state.sessionRuns);
  const shownRunId = useLoupeStore((state) => state.runView.runId);
  const compareRuns = useLoupeStore((state) => state.compareRuns);
  const branches = useLoupeStore((state) => state.debug.branches);
  const labels = useRunLabels('numbered');
  const shown = runs.find((run) => run.runId === shownRunId);
  const initialRight = shown?.runId ?? runs.at(-1)?.runId ?? '';
  const initialLeft = shown?.sourceRunId ?? runs.find((run) => run.runId !== initialRight)?.runId ?? '';
  const [left, setLeft] = useState(initialLeft);
  const [right, setRight] = useState(initialRight);
  const [result, setResult] = useState<RunsCompareResult | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  useEffect(() => {
    let live = true;
    if (left && right) void compareRuns(left, right).then((value) => live && setResult(value));
    return () => {
      live = false;
    };
  }, [left, right, compareRuns]);
  const label = (runId: string) => labels.get(runId) ?? '';
  const picker = (name: string, value: string, onChange: (value: string) => void) => (
    <Field label={name} className="min-w-0 flex-1">
      {(control) => (
        <select {...control} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
          {runs.map((run) => (
            <option key={run.runId} value={run.runId}>
              {label(run.runId)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <dialog
      ref={dialog}
      aria-label="Compare runs"
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[min(1100px,96vw)] overflow-y-auto rounded-lg bg-white p-4 text-zinc-900 shadow-xl backdrop:bg-black/30 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className={panelTitleClass + ' mb-0'}>Compare runs</h2>
        <button type="button" className={smallButtonClass} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className="mb-3 flex flex-wrap gap-2">
        {picker('Left run', left, setLeft)}
        {picker('Right run', right, setRight)}
      </div>
      {result && (
        <ComparisonTable
          result={result}
          left={label(left)}
          right={label(right)}
          offsets={{ left: roundOffsetOf(branches, left), right: roundOffsetOf(branches, right) }}
        />
      )}
    </dialog>
  );
}
