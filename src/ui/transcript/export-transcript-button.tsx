// Downloads the current run's transcript as JSON.
import { useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { secondaryButtonClass } from '../common/styles';
import { downloadJson, transcriptFileName } from './download-json';

export function ExportTranscriptButton() {
  const runId = useLoupeStore((state) => state.runView.runId);
  const exportTranscript = useLoupeStore((state) => state.exportTranscript);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    const transcript = await exportTranscript();
    setBusy(false);
    if (transcript !== null) downloadJson(transcript, transcriptFileName(transcript.runId));
  };

  return (
    <button
      type="button"
      className={secondaryButtonClass}
      disabled={runId === null || busy}
      onClick={() => void save()}
    >
      Export transcript
    </button>
  );
}
