// The header's Sessions button and its drawer (the list: search, new, open, rename, duplicate, delete).
import { useEffect, useRef, useState } from 'react';
import { lazyComponent } from '../common/lazy-component';
import { secondaryButtonClass } from '../common/styles';

// The list itself loads the first time the drawer opens; until then the dialog says so.
const SessionsPanel = lazyComponent(
  () => import('./sessions-panel'),
  'SessionsPanel',
  <p role="status" className="p-4 text-sm">
    Loading sessions…
  </p>,
);

export function SessionsButton() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Sessions
      </button>
      <dialog
        ref={dialog}
        aria-label="Sessions"
        onClose={() => setOpen(false)}
        className="m-0 ml-auto h-full max-h-none w-full max-w-md bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/30 dark:bg-zinc-950 dark:text-zinc-100"
      >
        {open && <SessionsPanel onClose={() => setOpen(false)} />}
      </dialog>
    </>
  );
}
