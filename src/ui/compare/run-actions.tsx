// What can be done with the shown run: replay it, compare two runs of the session, download a report. The row
// holds the same controls whatever the session holds (the run picker shows from the first run, an unusable
// button says why instead of vanishing) and the picker has a line of its own, so the buttons do not jump
// between one and two rows (issue 41).
import { useState } from 'react';
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, secondaryButtonClass } from '../common/styles';
import { WhyDisabledButton } from '../common/why-disabled-button';
import { buildMarkdownReport } from '../exports/build-markdown-report';
import { redactTranscript } from '../exports/redact-export';
import { ContinueLiveButton } from '../share/continue-live-button';
import { MakeTestButton } from '../tests/make-test-button';
import { RunExportMenu } from '../exports/run-export-menu';
import { downloadText } from '../transcript/download-json';
import { CompareDialog } from './compare-dialog';
import { useRunLabels } from './use-run-labels';

const WAIT_FOR_RUN = 'Wait for the run to end (or press Stop)';

export function RunActions() {
  const runId = useLoupeStore((state) => state.runView.runId);
  const phase = useLoupeStore((state) => state.runView.phase);
  const runs = useLoupeStore((state) => state.sessionRuns);
  const replayRun = useLoupeStore((state) => state.replayRun);
  const showRun = useLoupeStore((state) => state.showRun);
  const exportTranscript = useLoupeStore((state) => state.exportTranscript);
  const store = useLoupeStoreApi();
  const canRunBothPaths = useLoupeStore((state) => state.settings.provider === 'anthropic' && state.servers.length > 0);
  const [comparing, setComparing] = useState(false);
  const [reportNotice, setReportNotice] = useState<string | undefined>();
  const labels = useRunLabels('numbered');
  const idle = phase !== 'running';
  if (runId === null) return null;
  const busy = idle ? undefined : WAIT_FOR_RUN;
  // With a server and the connector's provider, the dialog can make the second run itself (one prompt, two paths).
  const cannotCompare =
    busy ??
    (runs.length < 2 && !canRunBothPaths
      ? 'Compare needs two runs in this session: replay this one, fork it or run again'
      : undefined);

  const downloadReport = async () => {
    setReportNotice(undefined);
    const exported = await exportTranscript();
    if (!exported) return;
    const { transcript, notice } = redactTranscript(exported, store.getState());
    setReportNotice(notice);
    downloadText(buildMarkdownReport(transcript), `loupe-${transcript.runId.slice(0, 8)}.md`, 'text/markdown');
  };

  return (
    <div className="space-y-1">
      <div className="space-y-2" role="group" aria-label="Run actions">
        <Field label="Shown run" className="max-w-md min-w-0">
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={runId}
              disabled={!idle}
              title={idle ? undefined : WAIT_FOR_RUN}
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
        {/* The buttons have a line of their own: one row beside a sidebar at 1440 px, whatever the run's label. */}
        <div className="flex flex-wrap items-center gap-2">
          <WhyDisabledButton
            className={secondaryButtonClass}
            whyDisabled={busy}
            title="Runs the recording again at once, as a new run: its recorded replies and tool results, no key, no server"
            onClick={() => void replayRun('offline')}
          >
            Replay offline
          </WhyDisabledButton>
          <WhyDisabledButton
            className={secondaryButtonClass}
            whyDisabled={busy}
            title="Recorded replies, live tools: each divergence is said on its round"
            onClick={() => void replayRun('recorded')}
          >
            Replay recorded
          </WhyDisabledButton>
          <WhyDisabledButton
            className={secondaryButtonClass}
            whyDisabled={busy}
            title="The live model and live tools: each divergence from the recording is said on its round"
            onClick={() => void replayRun('live')}
          >
            Replay live
          </WhyDisabledButton>
          <ContinueLiveButton />
          <WhyDisabledButton
            className={secondaryButtonClass}
            whyDisabled={cannotCompare}
            onClick={() => setComparing(true)}
          >
            Compare runs
          </WhyDisabledButton>
          <WhyDisabledButton className={secondaryButtonClass} whyDisabled={busy} onClick={() => void downloadReport()}>
            Download report
          </WhyDisabledButton>
          <RunExportMenu />
          <MakeTestButton />
        </div>
      </div>
      {reportNotice !== undefined && (
        <p role="status" aria-label="Report export" className="text-xs text-amber-700 dark:text-amber-400">
          {reportNotice}
        </p>
      )}
      {comparing && <CompareDialog onClose={() => setComparing(false)} />}
    </div>
  );
}
