// Header button: Open a request — a provider request (and its response) pasted, opened as a new session.
import { useState } from 'react';
import { lazyComponent } from '../common/lazy-component';
import { secondaryButtonClass } from '../common/styles';

// The dialog is code of its own: nobody needs it at first paint.
const OpenRequestDialog = lazyComponent(() => import('./open-request-dialog'), 'OpenRequestDialog');

export function OpenRequestButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Open a request
      </button>
      {open && <OpenRequestDialog onClose={() => setOpen(false)} />}
    </>
  );
}
