// The page may go away before the run's next checkpoint: write what is buffered when it is hidden or unloaded.

/** The part of `window` watched: `pagehide` on it, `visibilitychange` bubbling up from its document. */
export interface PageLifecycleTarget {
  addEventListener(type: 'pagehide' | 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'pagehide' | 'visibilitychange', listener: () => void): void;
  readonly document: { readonly visibilityState: string };
}

/**
 * Calls `flush` when the page is hidden (a tab switch or a phone going to the background, often the
 * last moment a page is sure to run) or unloaded. Returns a function that stops listening.
 */
export function flushOnPageHide(target: PageLifecycleTarget, flush: () => void): () => void {
  const onHide = (): void => flush();
  const onVisibility = (): void => {
    if (target.document.visibilityState === 'hidden') flush();
  };
  target.addEventListener('pagehide', onHide);
  target.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('pagehide', onHide);
    target.removeEventListener('visibilitychange', onVisibility);
  };
}
