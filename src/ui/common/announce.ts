// How an action says what it did when its answer is not on screen already (a download, a case made in another
// tab): one line in the page's action notice (action-notice.tsx). A window event, so any component — and the one
// download helper — can say it without a provider between them.

const EVENT = 'loupe:action-notice';

/** One announcement: its text, and whether it adds a line to what the notice says (else it replaces it). */
export interface Announcement {
  text: string;
  append: boolean;
}

let latest: string | undefined;

/** What the notice says after `said` is announced, given what it said before. */
export function combineAnnouncement(shown: string | null | undefined, said: Announcement): string {
  return said.append && shown != null ? `${shown} ${said.text}` : said.text;
}

/** Shows `text` in the action notice, replacing what it said before (or after it, with `append`). */
export function announce(text: string, { append = false }: { append?: boolean } = {}): void {
  latest = combineAnnouncement(latest, { text, append });
  window.dispatchEvent(new CustomEvent<Announcement>(EVENT, { detail: { text, append } }));
}

/**
 * What the notice says now, undefined before any announcement: the notice's code loads with the first one
 * (action-notice-host.tsx) and starts from what was said while it loaded.
 */
export function latestAnnouncement(): string | undefined {
  return latest;
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
