// A large JSON value, readable: folds, expand/collapse all, search that marks and jumps to each match, Copy.
// Rows are virtualised and bounded (json-rows.ts), so a 5 MB string, 10,000-deep nesting or 100k keys
// never freeze the page.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { smallButtonClass } from '../common/styles';
import { JsonRowView, type RowActions } from './json-row';
import {
  allContainers,
  buildRows,
  CHILDREN_STEP,
  isContainer,
  shownCount,
  type FoldState,
  type JsonContainer,
  type JsonKey,
} from './json-rows';
import { revealMatch, rowOfMatch } from './reveal-match';
import { searchJson } from './search-json';

const ROW_PX = 20;
/** Containers unfolded at first: the root and its children, when there are few. */
const FIRST_UNFOLD = 50;

function initialFold(value: unknown): FoldState {
  const expanded = new Set<object>();
  if (isContainer(value)) {
    expanded.add(value);
    const children = (Array.isArray(value) ? value : Object.values(value)).slice(0, FIRST_UNFOLD + 1);
    if (children.length <= FIRST_UNFOLD) for (const child of children) if (isContainer(child)) expanded.add(child);
  }
  return { expanded, shown: new Map(), openStrings: new Map() };
}

/** The text Copy puts on the clipboard, or why there is none. */
function copyTextOf(value: unknown, copyText?: () => string): { text: string } | { problem: string } {
  try {
    if (copyText !== undefined) return { text: copyText() };
    return { text: typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value)) };
  } catch {
    return { problem: 'Too deeply nested to copy as JSON' };
  }
}

export function JsonViewer({
  value,
  label,
  copyText,
  showCopy = true,
  className = '',
}: {
  value: unknown;
  /** Names the viewer (its group, search box and buttons), e.g. "Result of demo__weather_get". */
  label: string;
  /** What Copy puts on the clipboard; the value as indented JSON by default. */
  copyText?: () => string;
  /** False where a Copy of the same value sits beside the viewer already. */
  showCopy?: boolean;
  className?: string;
}) {
  const [matchAt, setMatchAt] = useState(-1);
  const [fold, setFold] = useState<FoldState>(() => initialFold(value));
  // A new value (a streamed input growing, another pause) starts folded afresh: the old state names old objects.
  const [foldFor, setFoldFor] = useState(value);
  if (foldFor !== value) {
    setFoldFor(value);
    setFold(initialFold(value));
    setMatchAt(-1);
  }
  const [query, setQuery] = useState('');
  const [jump, setJump] = useState(0);
  const [copied, setCopied] = useState<string | null>(null);
  const deferredQuery = useDeferredValue(query);
  const needle = deferredQuery.toLocaleLowerCase();
  const search = useMemo(() => searchJson(value, deferredQuery), [value, deferredQuery]);
  const rows = useMemo(() => buildRows(value, fold), [value, fold]);
  const match = matchAt >= 0 ? search.matches[matchAt] : undefined;
  const currentRow = match === undefined ? -1 : rowOfMatch(rows, match);

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- read on each render, never memoised
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 20,
    useFlushSync: false,
  });
  // After a jump has unfolded the way to its match, bring the match's row into view.
  useEffect(() => {
    if (jump > 0 && currentRow >= 0) virtualizer.scrollToIndex(currentRow, { align: 'center' });
  }, [jump, currentRow, virtualizer]);

  const step = (direction: 1 | -1) => {
    const count = search.matches.length;
    if (count === 0) return;
    const next = matchAt < 0 ? (direction === 1 ? 0 : count - 1) : (matchAt + direction + count) % count;
    setMatchAt(next);
    setFold((current) => revealMatch(value, search.matches[next]!, search, current, deferredQuery));
    setJump((value) => value + 1);
  };

  const actions: RowActions = useMemo(
    () => ({
      toggle: (container: JsonContainer) =>
        setFold((current) => {
          const expanded = new Set(current.expanded);
          if (expanded.has(container)) expanded.delete(container);
          else expanded.add(container);
          return { ...current, expanded };
        }),
      showMore: (container: JsonContainer) =>
        setFold((current) => ({
          ...current,
          shown: new Map(current.shown).set(container, shownCount(container, current) + CHILDREN_STEP),
        })),
      toggleString: (parent: JsonContainer | null, key: JsonKey) =>
        setFold((current) => {
          const keys = new Set(current.openStrings.get(parent));
          if (keys.has(key)) keys.delete(key);
          else keys.add(key);
          return { ...current, openStrings: new Map(current.openStrings).set(parent, keys) };
        }),
    }),
    [],
  );
  const expandAll = useCallback(
    () => setFold((current) => ({ ...current, expanded: new Set(allContainers(value)) })),
    [value],
  );
  const collapseAll = useCallback(
    () =>
      setFold((current) => ({ ...current, expanded: new Set(isContainer(value) ? [value] : []), shown: new Map() })),
    [value],
  );

  const count = search.matches.length;
  const said =
    deferredQuery === ''
      ? ''
      : count === 0
        ? 'No match.'
        : `${matchAt >= 0 ? `${matchAt + 1} of ` : ''}${count.toLocaleString('en')}${search.capped ? '+' : ''} ${count === 1 ? 'match' : 'matches'}.`;

  return (
    <div
      role="group"
      aria-label={label}
      className={`rounded-md bg-zinc-50 font-mono text-xs dark:bg-zinc-950/60 ${className}`}
    >
      <div className="flex flex-wrap items-center gap-1 border-b border-zinc-200 px-1.5 py-1 font-sans dark:border-zinc-800">
        <button type="button" className={`${smallButtonClass} !px-1.5 !py-0 text-[11px]`} onClick={expandAll}>
          Expand all
        </button>
        <button type="button" className={`${smallButtonClass} !px-1.5 !py-0 text-[11px]`} onClick={collapseAll}>
          Collapse all
        </button>
        <input
          type="search"
          aria-label={`Search ${label}`}
          placeholder="Search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setMatchAt(-1);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          }}
          className="w-32 min-w-0 flex-1 rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[11px] text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
        <button
          type="button"
          aria-label="Previous match"
          disabled={count === 0}
          className={`${smallButtonClass} !px-1.5 !py-0 text-[11px]`}
          onClick={() => step(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label="Next match"
          disabled={count === 0}
          className={`${smallButtonClass} !px-1.5 !py-0 text-[11px]`}
          onClick={() => step(1)}
        >
          ↓
        </button>
        <span role="status" aria-label={`Matches in ${label}`} className="text-[11px] text-zinc-600 dark:text-zinc-400">
          {said}
        </span>
        {showCopy && (
          <button
            type="button"
            aria-label={`Copy ${label}`}
            className={`${smallButtonClass} ml-auto !px-1.5 !py-0 text-[11px]`}
            onClick={() => {
              const copy = copyTextOf(value, copyText);
              if ('problem' in copy) return setCopied(copy.problem);
              navigator.clipboard.writeText(copy.text).then(
                () => setCopied('Copied'),
                () => setCopied('Copy refused'),
              );
            }}
          >
            {copied ?? 'Copy'}
          </button>
        )}
      </div>
      <div
        ref={scrollRef}
        data-json-rows
        className="max-h-96 overflow-auto py-1 leading-5 text-zinc-800 dark:text-zinc-200"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 min-w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <JsonRowView row={row} needle={needle} current={item.index === currentRow} actions={actions} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
