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

  const onChange = async (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    setBusy(true);
    await importFile(file);
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
