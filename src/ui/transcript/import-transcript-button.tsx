// Opens a file chooser; the chosen transcript (or OTLP trace, request body …) is validated, repaired and opened as a
// new session.
import { useRef, useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { secondaryButtonClass } from '../common/styles';
import { ImportedSettingsOffer } from './imported-settings-offer';
import { lazyComponent } from '../common/lazy-component';

// Lazy: shown only after importing a trace with several runs, never at first paint (issue 16's first-load budget).
const TraceChoice = lazyComponent(() => import('./trace-choice'), 'TraceChoice');

export function ImportTranscriptButton() {
  const importFile = useLoupeStore((state) => state.importTranscriptFile);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  // Several files picked together open as one OpenTelemetry export (its traces and logs written apart).
  const onChange = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    setBusy(true);
    await importFile(files.length === 1 ? (files[0] as File) : files);
    setBusy(false);
  };

  return (
    <>
      <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => input.current?.click()}>
        Import transcript
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept=".json,.jsonl,.pb,.bin,application/json,application/x-protobuf"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-transcript-input"
        onChange={(event) => void onChange(event.target.files)}
      />
      <TraceChoice />
      <ImportedSettingsOffer />
    </>
  );
}
