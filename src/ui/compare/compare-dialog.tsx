// Compare runs: two runs of this session (labelled with where each came from: fork, replay, import, edits), or —
// Compare across sessions — a run of another stored session or of a file (a transcript, a request, an HTML file
// Loupe exported) on the left, against one of this session. One prompt can also be run on two paths of a server
// (the API's MCP connector, the browser) and the two runs compared (run-paths-form.tsx).
import { useEffect, useRef, useState } from 'react';
import type { RunsCompareResult } from '../../protocol/session-messages';
import type { StoredRun } from '../../store/sessions/session-record';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { roundOffsetOf } from '../../store/round-offset';
import { Field } from '../common/field';
import { inputClass, panelTitleClass, smallButtonClass } from '../common/styles';
import { ComparisonTable } from './comparison-table';
import { RunPathsForm } from './run-paths-form';
import { useRunLabels } from './use-run-labels';

const THIS_SESSION = '';
const A_FILE = 'file';

export function CompareDialog({ onClose }: { onClose: () => void }) {
  const runs = useLoupeStore((state) => state.sessionRuns);
  const sessions = useLoupeStore((state) => state.sessions);
  const currentSessionId = useLoupeStore((state) => state.currentSessionId);
  const shownRunId = useLoupeStore((state) => state.runView.runId);
  const compareRuns = useLoupeStore((state) => state.compareRuns);
  const compareAcross = useLoupeStore((state) => state.compareAcross);
  const listSessionRuns = useLoupeStore((state) => state.listSessionRuns);
  const branches = useLoupeStore((state) => state.debug.branches);
  const labels = useRunLabels('numbered');
  const shown = runs.find((run) => run.runId === shownRunId);
  const initialRight = shown?.runId ?? runs.at(-1)?.runId ?? '';
  const initialLeft = shown?.sourceRunId ?? runs.find((run) => run.runId !== initialRight)?.runId ?? '';
  const [from, setFrom] = useState(THIS_SESSION);
  const [otherRuns, setOtherRuns] = useState<StoredRun[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [left, setLeft] = useState(initialLeft);
  const [right, setRight] = useState(initialRight);
  // Each answer is kept with the choice it answers: a slower earlier answer is never shown for a later choice.
  const [answer, setAnswer] = useState<{ key: string; value: RunsCompareResult | null } | null>(null);
  const [fileId, setFileId] = useState(0);
  const key = `${from}|${fileId}|${left}|${right}`;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  useEffect(() => {
    let live = true;
    if (from === THIS_SESSION || from === A_FILE) return;
    void listSessionRuns(from).then((list) => {
      if (!live) return;
      setOtherRuns(list);
      setLeft(list.at(-1)?.runId ?? '');
    });
    return () => {
      live = false;
    };
  }, [from, listSessionRuns]);
  useEffect(() => {
    let live = true;
    const done = (value: RunsCompareResult | null) => live && setAnswer({ key, value });
    if (from === A_FILE) {
      if (file && right) void compareAcross({ file }, right).then(done);
    } else if (from !== THIS_SESSION) {
      if (left && right) void compareAcross({ sessionId: from, runId: left }, right).then(done);
    } else if (left && right) void compareRuns(left, right).then(done);
    return () => {
      live = false;
    };
  }, [key, from, file, left, right, compareRuns, compareAcross]);
  const result = answer?.key === key ? answer.value : null;
  const session = sessions.find((candidate) => candidate.id === from)?.name ?? '';
  const other = otherRuns.find((run) => run.runId === left)?.label ?? '';
  const leftName =
    from === A_FILE ? (file?.name ?? '') : from === THIS_SESSION ? (labels.get(left) ?? '') : `${session}: ${other}`;

  const label = (runId: string) => labels.get(runId) ?? '';
  const picker = (
    name: string,
    value: string,
    onChange: (value: string) => void,
    list: { runId: string; label: string }[],
  ) => (
    <Field label={name} className="min-w-0 flex-1">
      {(control) => (
        <select {...control} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
          {list.map((run) => (
            <option key={run.runId} value={run.runId}>
              {run.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const here = runs.map((run) => ({ runId: run.runId, label: label(run.runId) }));
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
      <RunPathsForm
        onRan={(ranLeft, ranRight) => {
          setFrom(THIS_SESSION);
          setLeft(ranLeft);
          setRight(ranRight);
        }}
      />
      <div className="mb-3 flex flex-wrap gap-2">
        <Field label="Left side from" className="min-w-0">
          {(control) => (
            <select {...control} className={inputClass} value={from} onChange={(event) => setFrom(event.target.value)}>
              <option value={THIS_SESSION}>This session</option>
              {sessions
                .filter((session) => session.id !== currentSessionId && session.runCount > 0)
                .map((session) => (
                  <option key={session.id} value={session.id}>
                    Session: {session.name}
                  </option>
                ))}
              <option value={A_FILE}>A file…</option>
            </select>
          )}
        </Field>
        {from === A_FILE ? (
          <Field label="File to compare" className="min-w-0 flex-1">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".json,.html,.txt,.sh,application/json,text/html,text/plain"
                className={inputClass}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileId((id) => id + 1);
                }}
              />
            )}
          </Field>
        ) : (
          picker('Left run', left, setLeft, from === THIS_SESSION ? here : otherRuns)
        )}
        {picker('Right run', right, setRight, here)}
      </div>
      {result && (
        <ComparisonTable
          result={result}
          left={leftName}
          right={label(right)}
          offsets={{
            left: from === THIS_SESSION ? roundOffsetOf(branches, left) : 0,
            right: roundOffsetOf(branches, right),
          }}
        />
      )}
    </dialog>
  );
}
