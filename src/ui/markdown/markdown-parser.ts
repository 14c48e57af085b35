// Loads the Markdown parser once, after the first paint's code; until it is there, text shows as text.
import { useSyncExternalStore } from 'react';
import type { Token } from './markdown-token';

export type ParseMarkdown = (block: string) => Token[];

let parse: ParseMarkdown | null = null;
let loading: Promise<ParseMarkdown | null> | null = null;
const listeners = new Set<() => void>();

/** Starts loading the parser (once); resolves with it, or `null` when its chunk could not be loaded. */
export function loadMarkdownParser(): Promise<ParseMarkdown | null> {
  loading ??= import('./parse-markdown').then(
    (module) => {
      parse = module.parseMarkdown;
      for (const listener of listeners) listener();
      return parse;
    },
    // A chunk that failed to load (offline after a deploy): replies stay plain text, the app keeps working.
    () => null,
  );
  return loading;
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  void loadMarkdownParser();
  return () => listeners.delete(listener);
};

/** The parser once loaded, else `null`; a component using it re-renders when it arrives. */
export function useMarkdownParser(): ParseMarkdown | null {
  return useSyncExternalStore(
    subscribe,
    () => parse,
    () => parse,
  );
}
