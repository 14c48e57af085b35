// How an action says what it did when its answer is not on screen already (a download, a case made in another
// tab): one line in the page's action notice (action-notice.tsx). A window event, so any component — and the one
// download helper — can say it without a provider between them.

const EVENT = 'loupe:action-notice';

/** One announcement: its text, and whether it adds a line to what the notice says (else it replaces it). */
export interface Announcement {
  text: string;
  append: boolean;
}

/** Shows `text` in the action notice, replacing what it said before (or after it, with `append`). */
export function announce(text: string, { append = false }: { append?: boolean } = {}): void {
  window.dispatchEvent(new CustomEvent<Announcement>(EVENT, { detail: { text, append } }));
}

function isAnnouncement(value: unknown): value is Announcement {
  return typeof value === 'object' && value !== null && typeof (value as Announcement).text === 'string';
}

/** Calls `listener` with each announcement; returns the way to stop. */
export function onAnnouncement(listener: (announcement: Announcement) => void): () => void {
  const handle = (event: Event) => {
    if (event instanceof CustomEvent && isAnnouncement(event.detail)) listener(event.detail);
  };
  window.addEventListener(EVENT, handle);
  return () => window.removeEventListener(EVENT, handle);
}

/** "12.3 kB", "840 B": a file's size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
