// What can be done with the shown run: replay it, compare two runs of the session, download a report.
import { useEffect, useRef, useState } from 'react';
import type { RunsCompareResult } from '../../protocol/session-messages';
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { roundOffsetOf } from '../../store/round-offset';
import { Field } from '../common/field';
import { inputClass, panelTitleClass, secondaryButtonClass, smallButtonClass } from '../common/styles';
import { buildMarkdownReport } from '../exports/build-markdown-report';
import { redactTranscript } from '../exports/redact-export';
import { ComparisonTable } from './comparison-table';
import { MakeTestButton } from '../tests/make-test-button';
import { RunExportMenu } from '../exports/run-export-menu';
import { downloadText } from '../transcript/download-json';
import { useRunLabels } from './use-run-labels';
import { ContinueLiveButton } from '../share/continue-live-button';

export function RunActions() {
  const runId = useLoupeStore((state) => state.runView.runId);
  const phase = useLoupeStore((state) => state.runView.phase);
  const runs = useLoupeStore((state) => state.sessionRuns);
  const replayRun = useLoupeStore((state) => state.replayRun);
  const showRun = useLoupeStore((state) => state.showRun);
  const exportTranscript = useLoupeStore((state) => state.exportTranscript);
  const store = useLoupeStoreApi();
  const [comparing, setComparing] = useState(false);
  const [reportNotice, setReportNotice] = useState<string | undefined>();
  const labels = useRunLabels('numbered');
  const idle = phase !== 'running';
  if (runId === null) return null;

  const downloadReport = async () => {
    setReportNotice(undefined);
    const exported = await exportTranscript();
    if (!exported) return;
    const { transcript, notice } = redactTranscript(exported, store.getState());
    setReportNotice(notice);
    downloadText(buildMarkdownReport(transcript), `loupe-${transcript.runId.slice(0, 8)}.md`, 'text/markdown');
  };

  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Run actions">
      {runs.length > 1 && (
        <Field label="Shown run" className="min-w-0">
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={runId}
              disabled={!idle}
              onChange={(event) => void showRun(event.target.value)}
            >
              {runs.map((run, index) => (
                <option key={run.runId} value={run.runId}>
                  {labels.get(run.runId) ?? `Run ${index + 1}`}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!idle}
        title="Step through the recording with its replies and tool results: no key, no server"
        onClick={() => void replayRun('offline')}
      >
        Replay offline
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!idle}
        title="Recorded replies, live tools: each divergence is said on its round"
        onClick={() => void replayRun('recorded')}
      >
        Replay recorded
      </button>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!idle}
        title="The live model and live tools: each divergence from the recording is said on its round"
        onClick={() => void replayRun('live')}
      >
        Replay live
      </button>
      <ContinueLiveButton />
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={!idle || runs.length < 2}
        onClick={() => setComparing(true)}
      >
        Compare runs
      </button>
      <button type="button" className={secondaryButtonClass} disabled={!idle} onClick={() => void downloadReport()}>
        Download report
      </button>
      {reportNotice !== undefined && (
        <span role="status" aria-label="Report export" className="text-xs text-amber-700 dark:text-amber-400">
          {reportNotice}
        </span>
      )}
      <RunExportMenu />
      <MakeTestButton />
      {comparing && <CompareDialog onClose={() => setComparing(false)} />}
    </div>
  );
}

function CompareDialog({ onClose }: { onClose: () => void }) {
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
