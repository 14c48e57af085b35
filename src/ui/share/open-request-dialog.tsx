// The Open a request dialog: the pasted texts go, as one file, through the transcript import path (the worker
// reads them as a request — a curl is parsed, never run — and its key is dropped before anything is kept).
import { useState } from 'react';
import { REQUEST_ENVELOPE_FORMAT, type RequestEnvelope } from '../../shared/request-envelope';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, primaryButtonClass } from '../common/styles';
import { ModalDialog } from '../tools/modal-dialog';

export function OpenRequestDialog({ onClose }: { onClose: () => void }) {
  const importFile = useLoupeStore((state) => state.importTranscriptFile);
  const [request, setRequest] = useState('');
  const [response, setResponse] = useState('');
  const [busy, setBusy] = useState(false);

  const open = async () => {
    const envelope: RequestEnvelope = {
      format: REQUEST_ENVELOPE_FORMAT,
      request,
      ...(response.trim() === '' ? {} : { response }),
    };
    setBusy(true);
    const file = new File([JSON.stringify(envelope)], 'pasted request', { type: 'application/json' });
    const opened = await importFile(file);
    setBusy(false);
    // A refusal is said in the alerts (what is wrong; nothing changed); the texts stay for a fix.
    if (opened) onClose();
  };

  return (
    <ModalDialog title="Open a request" onClose={onClose}>
      <p className="mb-3 text-xs text-zinc-600 dark:text-zinc-400">
        Paste a Messages API or Chat Completions request body, or a curl command carrying one. It becomes a run you can
        continue live (with your own key and servers), fork, replay and compare. A curl is read, never run; its key is
        dropped.
      </p>
      <Field label="Request" className="mb-3">
        {(control) => (
          <textarea
            {...control}
            className={`${inputClass} h-48 font-mono text-xs`}
            spellCheck={false}
            value={request}
            onChange={(event) => setRequest(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Response"
        hint="Optional: the response as JSON or its SSE stream as captured; it becomes the last round."
        className="mb-3"
      >
        {(control) => (
          <textarea
            {...control}
            className={`${inputClass} h-24 font-mono text-xs`}
            spellCheck={false}
            value={response}
            onChange={(event) => setResponse(event.target.value)}
          />
        )}
      </Field>
      <button
        type="button"
        className={primaryButtonClass}
        disabled={busy || request.trim() === ''}
        onClick={() => void open()}
      >
        Open
      </button>
    </ModalDialog>
  );
}
