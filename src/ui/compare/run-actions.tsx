// What can be done with the shown run: replay it, compare two runs of the session, download a report.
import { useState } from 'react';
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, secondaryButtonClass } from '../common/styles';
import { buildMarkdownReport } from '../exports/build-markdown-report';
import { redactTranscript } from '../exports/redact-export';
import { CompareDialog } from './compare-dialog';
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
      <button type="button" className={secondaryButtonClass} disabled={!idle} onClick={() => setComparing(true)}>
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
