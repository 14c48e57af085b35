// Export → HAR's choices (issue 35): the shown run or the whole session, one server or all; then the download.
import { useId, useState } from 'react';
import type { HarRuns } from '../../engine/har/har-scope';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { primaryButtonClass } from '../common/styles';
import { ModalDialog } from '../tools/modal-dialog';
import type { RunExportDialogProps } from './run-export-context';
import { exportHar } from './share-file-items';

const ALL = '';

export function HarExportDialog({ context, onClose }: RunExportDialogProps) {
  // Servers are offered by name (a HAR names a server by it); joined so the selector's value compares equal.
  const names = useLoupeStore((state) => state.servers.map((server) => server.name).join('\n'));
  const servers = names === '' ? [] : [...new Set(names.split('\n'))];
  const [runs, setRuns] = useState<HarRuns>('run');
  const [server, setServer] = useState(ALL);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const download = async () => {
    setBusy(true);
    try {
      await exportHar(context, { runs, ...(server === ALL ? {} : { server }) });
    } finally {
      setBusy(false);
    }
    onClose();
  };
  return (
    <ModalDialog title="Export HAR" onClose={onClose}>
      <div className="flex flex-col gap-3 text-sm">
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">Runs</legend>
          {(
            [
              ['run', 'This run'],
              ['session', 'Whole session'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="har-runs" checked={runs === value} onChange={() => setRuns(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="font-medium">
            Server
          </label>
          <select
            id={selectId}
            className="rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
            value={server}
            onChange={(event) => setServer(event.target.value)}
          >
            <option value={ALL}>All servers</option>
            {servers.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          This run: its model calls and the MCP traffic while it ran. Whole session: every run&apos;s model calls and
          all the traffic this page holds. Keys, tokens and session ids are written REDACTED.
        </p>
        <div>
          <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void download()}>
            Download HAR
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
