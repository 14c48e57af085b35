// One row of the JSON viewer: a key and a value preview, a fold toggle and a Copy on containers, "show all"
// on long strings, "show more" on long containers; the searched text marked.
import { memo } from 'react';
import type { JsonContainer, JsonKey, JsonRow as Row } from './json-rows';
import { CHILDREN_STEP } from './json-rows';
import { NodeCopyButton } from './node-copy-button';
import { STRING_PREVIEW } from './reveal-match';
import { primitiveText } from './search-json';

/** Characters of an opened string rendered (a 5 MB string is copied, not drawn). */
export const MAX_OPEN_STRING = 100_000;
/** Indentation stops growing here; deeper rows say their depth instead. */
const MAX_INDENT = 24;
/** Marks drawn per row at most. */
const MAX_MARKS = 50;

export interface RowActions {
  toggle: (container: JsonContainer) => void;
  showMore: (container: JsonContainer) => void;
  toggleString: (parent: JsonContainer | null, key: JsonKey) => void;
}

function Marked({ text, needle }: { text: string; needle: string }) {
  if (needle === '') return <>{text}</>;
  const lower = text.toLocaleLowerCase();
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let marks = 0; marks < MAX_MARKS; marks += 1) {
    const at = lower.indexOf(needle, from);
    if (at === -1) break;
    parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-500/40">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

function keyText(key: JsonKey): string | null {
  if (key === null) return null;
  return typeof key === 'number' ? String(key) : JSON.stringify(key);
}

/** A primitive as JSON shows it, strings cut to their preview. */
function previewOf(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > STRING_PREVIEW ? value.slice(0, STRING_PREVIEW) : value);
  }
  return value === undefined ? 'undefined' : primitiveText(value);
}

const valueTone = (value: unknown): string =>
  typeof value === 'string'
    ? 'text-emerald-800 dark:text-emerald-300'
    : typeof value === 'number'
      ? 'text-sky-800 dark:text-sky-300'
      : 'text-violet-800 dark:text-violet-300';

const linkButton =
  'ml-1 rounded px-1 text-[11px] text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

export const JsonRowView = memo(function JsonRowView({
  row,
  needle,
  current,
  actions,
}: {
  row: Row;
  needle: string;
  current: boolean;
  actions: RowActions;
}) {
  const indent = Math.min(row.depth, MAX_INDENT);
  const key = 'key' in row ? keyText(row.key) : null;
  const label = key ?? 'value';
  const head = (
    <>
      {row.depth > MAX_INDENT && <span className="mr-1 text-zinc-500 dark:text-zinc-400">[depth {row.depth}]</span>}
      {key !== null && (
        <span className="text-zinc-900 dark:text-zinc-100">
          <Marked text={key} needle={needle} />
          <span className="text-zinc-500">: </span>
        </span>
      )}
    </>
  );
  let body: React.ReactNode;
  switch (row.kind) {
    case 'open':
    case 'folded': {
      const open = row.kind === 'open';
      const array = Array.isArray(row.container);
      const count = `${row.size.toLocaleString('en')} ${array ? (row.size === 1 ? 'item' : 'items') : row.size === 1 ? 'key' : 'keys'}`;
      body = (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-label={`${open ? 'Fold' : 'Unfold'} ${label}`}
            disabled={row.size === 0}
            className="mr-0.5 inline-block w-4 rounded text-zinc-500 hover:text-zinc-900 disabled:opacity-40 dark:hover:text-zinc-100"
            onClick={() => actions.toggle(row.container)}
          >
            {open ? '▾' : '▸'}
          </button>
          {head}
          {open ? (array ? '[' : '{') : array ? '[…]' : '{…}'}
          <span className="ml-2 text-zinc-500 dark:text-zinc-400">{count}</span>
          <NodeCopyButton container={row.container} path={row.path} />
        </>
      );
      break;
    }
    case 'close':
      body = Array.isArray(row.container) ? ']' : '}';
      break;
    case 'more':
      body = (
        <button type="button" className={linkButton} onClick={() => actions.showMore(row.container)}>
          Show {Math.min(CHILDREN_STEP, row.total - row.shown).toLocaleString('en')} more (
          {(row.total - row.shown).toLocaleString('en')} not shown)
        </button>
      );
      break;
    case 'circular':
      body = (
        <>
          {head}
          <span className="text-zinc-500 italic">[circular]</span>
        </>
      );
      break;
    case 'cut':
      body = (
        <span className="text-zinc-500 italic">
          Only the first {row.rows.toLocaleString('en')} rows are shown: fold some to see the rest.
        </span>
      );
      break;
    case 'leaf': {
      const long = typeof row.value === 'string' && row.value.length > STRING_PREVIEW;
      const text = typeof row.value === 'string' ? row.value : '';
      body = (
        <>
          {head}
          {row.open && long ? null : (
            <span className={valueTone(row.value)}>
              <Marked text={previewOf(row.value)} needle={needle} />
            </span>
          )}
          {long && (
            <button
              type="button"
              className={linkButton}
              aria-expanded={row.open}
              aria-label={`${row.open ? 'Shorten' : 'Show all of'} ${label}`}
              onClick={() => actions.toggleString(row.parent, row.key)}
            >
              {row.open ? 'shorten' : `+${(text.length - STRING_PREVIEW).toLocaleString('en')} characters`}
            </button>
          )}
          {row.open && long && (
            <span className={`block whitespace-pre-wrap [overflow-wrap:anywhere] ${valueTone(row.value)}`}>
              <Marked text={text.slice(0, MAX_OPEN_STRING)} needle={needle} />
              {text.length > MAX_OPEN_STRING && (
                <span className="block text-zinc-500 italic">
                  The first {MAX_OPEN_STRING.toLocaleString('en')} of {text.length.toLocaleString('en')} characters are
                  shown; Copy gives the whole value.
                </span>
              )}
            </span>
          )}
        </>
      );
      break;
    }
  }
  return (
    <div
      aria-current={current ? 'true' : undefined}
      className={`group/row px-1 py-px whitespace-pre ${row.kind === 'leaf' && row.open ? 'whitespace-normal' : ''} ${current ? 'rounded-sm bg-amber-100 ring-1 ring-amber-500 dark:bg-amber-500/20' : ''}`}
      style={{ paddingLeft: `${indent * 14 + 4}px` }}
    >
      {body}
    </div>
  );
});
