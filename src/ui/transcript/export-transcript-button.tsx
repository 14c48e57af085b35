// Downloads the current run's transcript as JSON.
import { useState } from 'react';
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { secondaryButtonClass } from '../common/styles';
import { downloadJson, transcriptFileName } from './download-json';

export function ExportTranscriptButton() {
  const runId = useLoupeStore((state) => state.runView.runId);
  const exportTranscript = useLoupeStore((state) => state.exportTranscript);
  const store = useLoupeStoreApi();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();

  const save = async () => {
    setBusy(true);
    setNotice(undefined);
    try {
      const transcript = await exportTranscript();
      if (transcript === null) return;
      // The redaction (and the secrets it looks for) loads with the first export, not the first paint (issue 16).
      const { redactTranscript } = await import('../exports/redact-export');
      // The file gets a redacted copy; the run keeps what was really said.
      const redacted = redactTranscript(transcript, store.getState());
      setNotice(redacted.notice);
      downloadJson(redacted.transcript, transcriptFileName(transcript.runId));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={runId === null || busy}
        onClick={() => void save()}
      >
        Export transcript
      </button>
      {notice !== undefined && (
        <span role="status" aria-label="Transcript export" className="text-xs text-amber-700 dark:text-amber-400">
          {notice}
        </span>
      )}
    </>
  );
}
