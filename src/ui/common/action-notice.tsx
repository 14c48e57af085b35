// The page's action notice: what the last action did ("Saved loupe-1a2b3c4d.json (12.3 kB)"), announced politely
// and shown fixed at the bottom, so it answers within a frame without moving anything on the page. It stays until
// the next notice or Dismiss; a long quiet spell hides it too. Loaded with the first announcement
// (action-notice-host.tsx), out of the first load.
import { useEffect, useState } from 'react';
import { combineAnnouncement, latestAnnouncement, onAnnouncement } from './announce';
import { smallButtonClass } from './styles';

const SHOWN_FOR_MS = 12_000;

export function ActionNotice() {
  const [text, setText] = useState<string | null>(() => latestAnnouncement() ?? null);
  useEffect(() => onAnnouncement((said) => setText((shown) => combineAnnouncement(shown, said))), []);
  useEffect(() => {
    if (text === null) return;
    const hide = setTimeout(() => setText(null), SHOWN_FOR_MS);
    return () => clearTimeout(hide);
  }, [text]);
  // The live region is always there (a region added with its text is not read out by every screen reader).
  return (
    <div
      role="status"
      aria-label="Action result"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--dock-height,0px)+1rem)] z-30 flex justify-center px-4"
    >
      {text !== null && (
        <p className="pointer-events-auto flex max-w-xl items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
          <span className="[overflow-wrap:anywhere]">{text}</span>
          <button type="button" className={smallButtonClass} onClick={() => setText(null)}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
