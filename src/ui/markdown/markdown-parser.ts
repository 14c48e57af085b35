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

/** A little of every kind of block and span a reply has, to run the parser through once before any reply. */
const WARM_UP_SAMPLE = `## Heading

Some **bold**, *emphasis*, \`code\` and a [link](https://example.com "title").

- a list
  - nested
1. ordered

> a quote

\`\`\`ts
const x = 1;
\`\`\`

| a | b |
| - | - |
| 1 | 2 |
`;

/** Runs `task` when the page is idle (soon, where there is no idle callback). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 5_000 });
  else setTimeout(task, 200);
}

/**
 * Loads the parser while the page is idle, then parses a small sample once, also while idle. A run's first
 * reply otherwise paid for the chunk's load and evaluation, and for the parser's functions being compiled on
 * their first calls, in the first flushes of its stream: the largest share of a short reply's main-thread time.
 */
export function preloadMarkdownParser(): void {
  whenIdle(() => {
    void loadMarkdownParser().then((loaded) => {
      if (loaded !== null) whenIdle(() => void loaded(WARM_UP_SAMPLE));
    });
  });
}
