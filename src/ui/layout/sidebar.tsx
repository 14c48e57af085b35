// The settings sidebar: beside the run on wide screens, scrolling on its own; it folds away to give the
// timeline the whole width. Folded, one button brings it back (nothing in it is lost: it stays mounted).
import { useState, type ReactNode } from 'react';
import { smallButtonClass } from '../common/styles';

export function Sidebar({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <aside
      aria-label="Settings and servers"
      className="min-w-0 lg:sticky lg:top-14 lg:max-h-[calc(100vh-4rem)] lg:overflow-y-auto lg:overscroll-contain lg:pr-1"
    >
      <div className="mb-2 flex justify-end">
        <button
          type="button"
          className={smallButtonClass}
          aria-expanded={open}
          aria-controls="sidebar-panels"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide settings' : 'Show settings'}
        </button>
      </div>
      <div id="sidebar-panels" hidden={!open} className="space-y-4">
        {children}
      </div>
    </aside>
  );
}
