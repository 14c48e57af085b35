// A round's exports, built from the exact request it sent: curl, TypeScript, Python or the raw JSON body.
// The builders load on the first export, and the rounds are read at the click: a card does not re-render
// for every event of the run. The open view is kept per run and round outside the card (kept-round-exports.ts).
import { useState } from 'react';
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { monoBlockClass, smallButtonClass } from '../common/styles';
import type { RoundExport } from './build-round-export';
import { EXPORT_FORMAT_LABELS, type ExportFormat } from './export-formats';
import { useKeptRoundExport } from './kept-round-exports';
import { useRoundOffset } from '../timeline/use-round-offset';

const FORMATS: ExportFormat[] = ['curl', 'typescript', 'python', 'json'];

export function RoundExportMenu({ round }: { round: number }) {
  const store = useLoupeStoreApi();
  // A fork's round keeps the original run's number in what it says (the run's own number finds the request).
  const shownRound = round + useRoundOffset();
  const runId = useLoupeStore((state) => state.runView.runId);
  const [shown, setShown] = useKeptRoundExport<{ format: ExportFormat; result: RoundExport } | null>(
    runId ?? '',
    String(round),
    null,
  );
  const [copied, setCopied] = useState(false);

  const show = async (format: ExportFormat) => {
    setCopied(false);
    const { buildRedactedRoundExport } = await import('./build-redacted-round-export');
    const state = store.getState();
    // Built from a redacted copy: a model that echoed the key must not put it in a curl command or a snippet.
    setShown({ format, result: buildRedactedRoundExport(state.runView.rounds, round, format, shownRound, state) });
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the text stays selectable below.
    }
  };
  const label = shown ? EXPORT_FORMAT_LABELS[shown.format] : '';

  return (
    <div className="px-4 pb-3 text-xs">
      <div className="flex flex-wrap items-center gap-1 text-zinc-600 dark:text-zinc-400">
        <span>Export round {shownRound}:</span>
        {FORMATS.map((format) => (
          <button key={format} type="button" className={smallButtonClass} onClick={() => void show(format)}>
            {EXPORT_FORMAT_LABELS[format]}
          </button>
        ))}
        {shown?.result.ok && (
          <button
            type="button"
            className={smallButtonClass}
            onClick={() => void copy(shown.result.ok ? shown.result.text : '')}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        )}
        {shown && (
          <button type="button" className={smallButtonClass} onClick={() => setShown(null)}>
            Hide
          </button>
        )}
      </div>
      {shown && !shown.result.ok && (
        <p role="status" aria-label={`Round ${shownRound} export`} className="mt-2 text-zinc-600 dark:text-zinc-400">
          {shown.result.reason}
        </p>
      )}
      {shown?.result.ok && (
        <>
          <ul
            aria-label={`Round ${shownRound} request notes`}
            className="mt-2 space-y-0.5 text-zinc-600 dark:text-zinc-400"
          >
            {shown.result.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <pre aria-label={`Round ${shownRound} as ${label}`} className={`${monoBlockClass} mt-2`}>
            {shown.result.text}
          </pre>
        </>
      )}
    </div>
  );
}
