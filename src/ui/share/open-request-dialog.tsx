// The Open a request dialog: the pasted texts go, as one file, through the transcript import path (the worker
// reads them as a request — a curl is parsed, never run — and its key is dropped before anything is kept).
import { useId, useState } from 'react';
import { REQUEST_ENVELOPE_FORMAT, type RequestEnvelope } from '../../shared/request-envelope';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, labelClass, primaryButtonClass } from '../common/styles';
import { ModalDialog } from '../tools/modal-dialog';

export function OpenRequestDialog({ onClose }: { onClose: () => void }) {
  const importFile = useLoupeStore((state) => state.importTranscriptFile);
  const [request, setRequest] = useState('');
  const [response, setResponse] = useState('');
  const [busy, setBusy] = useState(false);
  const requestId = useId();
  const responseId = useId();

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
      <label htmlFor={requestId} className={labelClass}>
        Request
      </label>
      <textarea
        id={requestId}
        className={`${inputClass} mb-3 h-48 font-mono text-xs`}
        spellCheck={false}
        value={request}
        onChange={(event) => setRequest(event.target.value)}
      />
      <label htmlFor={responseId} className={labelClass}>
        Response
      </label>
      <textarea
        id={responseId}
        aria-describedby={`${responseId}-hint`}
        className={`${inputClass} h-24 font-mono text-xs`}
        spellCheck={false}
        value={response}
        onChange={(event) => setResponse(event.target.value)}
      />
      <p id={`${responseId}-hint`} className="mt-1 mb-3 text-xs text-zinc-600 dark:text-zinc-400">
        Optional: the response as JSON or its SSE stream as captured; it becomes the last round.
      </p>
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
