// The run actions' Export menu: a button that opens the list of RUN_EXPORT_ITEMS (a menu of menuitems; Escape or
// a choice closes it), beside the Export transcript button the UI contract keeps.
import { useState } from 'react';
import { useLoupeStore, useLoupeStoreApi } from '../../store/loupe-store-provider';
import { secondaryButtonClass, smallButtonClass } from '../common/styles';
import { RUN_EXPORT_ITEMS, type RunExportItem } from './run-export-items';
import { announce } from '../common/announce';

export function RunExportMenu() {
  const runId = useLoupeStore((state) => state.runView.runId);
  const store = useLoupeStoreApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const choose = async (item: RunExportItem) => {
    setOpen(false);
    setBusy(true);
    // What the item says (redactions made) follows the download's own line in the action notice, off the row.
    const said: { notice?: string | undefined } = {};
    try {
      await item.run({ store, say: (notice) => (said.notice = notice) });
    } finally {
      setBusy(false);
    }
    if (said.notice !== undefined) announce(said.notice, { append: true });
  };

  return (
    <div className="relative inline-flex items-center">
      <button
        type="button"
        className={secondaryButtonClass}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={runId === null || busy}
        onClick={() => setOpen((was) => !was)}
      >
        Export
      </button>
      {open && (
        <ul
          role="menu"
          aria-label="Export"
          className="absolute left-0 top-full z-20 mt-1 min-w-56 rounded border border-zinc-300 bg-white p-1 shadow dark:border-zinc-700 dark:bg-zinc-900"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          {RUN_EXPORT_ITEMS.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                className={`${smallButtonClass} w-full text-left`}
                onClick={() => void choose(item)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
