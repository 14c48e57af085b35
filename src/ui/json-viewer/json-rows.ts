// Pure: a JSON value as the flat list of rows a viewer shows, given what is unfolded. Iterative (a value
// nested 10,000 deep is fine), bounded (children shown per container, rows in all), cycle-safe.
import { childPath } from './json-path';

/** Children of a container shown at first, and added by each "Show more". */
export const CHILDREN_STEP = 200;
/** Rows built at most (expand-all on a huge value stops here, with a row saying so). */
export const MAX_ROWS = 200_000;

export type JsonKey = string | number | null;
export type JsonContainer = Record<string, unknown> | unknown[];

/** What is unfolded: containers by identity, how many children each shows, strings opened in full. */
export interface FoldState {
  expanded: ReadonlySet<object>;
  shown: ReadonlyMap<object, number>;
  /** Opened strings: `parent` → keys whose whole text shows. */
  openStrings: ReadonlyMap<object | null, ReadonlySet<JsonKey>>;
}

export type JsonRow =
  | {
      kind: 'open' | 'folded';
      depth: number;
      key: JsonKey;
      parent: JsonContainer | null;
      container: JsonContainer;
      size: number;
      /** Where it sits in the value (`$`, `$.days[0]`), naming its Copy button. */
      path: string;
    }
  | { kind: 'close'; depth: number; container: JsonContainer }
  | { kind: 'leaf'; depth: number; key: JsonKey; parent: JsonContainer | null; value: unknown; open: boolean }
  | { kind: 'more'; depth: number; container: JsonContainer; shown: number; total: number }
  | { kind: 'circular'; depth: number; key: JsonKey; parent: JsonContainer | null }
  | { kind: 'cut'; depth: number; rows: number };

export const isContainer = (value: unknown): value is JsonContainer => typeof value === 'object' && value !== null;

const keyCache = new WeakMap<object, string[]>();

/** The keys of a container in order (indexes for arrays), cached per object. */
export function keysOf(container: JsonContainer): readonly (string | number)[] {
  if (Array.isArray(container)) return container.map((_, index) => index);
  let keys = keyCache.get(container);
  if (keys === undefined) {
    keys = Object.keys(container);
    keyCache.set(container, keys);
  }
  return keys;
}

export function sizeOf(container: JsonContainer): number {
  return Array.isArray(container) ? container.length : keysOf(container).length;
}

export function childOf(container: JsonContainer, key: string | number): unknown {
  return Array.isArray(container) ? container[Number(key)] : container[key];
}

/** How many children of `container` show. */
export function shownCount(container: JsonContainer, fold: FoldState): number {
  return Math.min(sizeOf(container), fold.shown.get(container) ?? CHILDREN_STEP);
}

interface Frame {
  container: JsonContainer;
  path: string;
  keys: readonly (string | number)[];
  next: number;
  end: number;
  depth: number;
}

/** The rows of `value` under `fold`. */
export function buildRows(value: unknown, fold: FoldState): JsonRow[] {
  const rows: JsonRow[] = [];
  const onPath = new Set<object>();
  const stack: Frame[] = [];

  const visit = (item: unknown, key: JsonKey, parent: JsonContainer | null, depth: number, at: string): void => {
    if (!isContainer(item)) {
      rows.push({
        kind: 'leaf',
        depth,
        key,
        parent,
        value: item,
        open: fold.openStrings.get(parent)?.has(key) ?? false,
      });
      return;
    }
    if (onPath.has(item)) {
      rows.push({ kind: 'circular', depth, key, parent });
      return;
    }
    const size = sizeOf(item);
    const path = childPath(at, key);
    if (!fold.expanded.has(item) || size === 0) {
      rows.push({ kind: 'folded', depth, key, parent, container: item, size, path });
      return;
    }
    rows.push({ kind: 'open', depth, key, parent, container: item, size, path });
    onPath.add(item);
    stack.push({ container: item, path, keys: keysOf(item), next: 0, end: shownCount(item, fold), depth });
  };

  visit(value, null, null, 0, '$');
  while (stack.length > 0) {
    if (rows.length >= MAX_ROWS) {
      rows.push({ kind: 'cut', depth: 0, rows: MAX_ROWS });
      break;
    }
    const frame = stack[stack.length - 1]!;
    if (frame.next < frame.end) {
      const key = frame.keys[frame.next]!;
      frame.next += 1;
      visit(childOf(frame.container, key), key, frame.container, frame.depth + 1, frame.path);
      continue;
    }
    stack.pop();
    if (frame.end < frame.keys.length) {
      rows.push({
        kind: 'more',
        depth: frame.depth + 1,
        container: frame.container,
        shown: frame.end,
        total: frame.keys.length,
      });
    }
    rows.push({ kind: 'close', depth: frame.depth, container: frame.container });
    onPath.delete(frame.container);
  }
  return rows;
}

/** Every container in `value` (root first), up to `limit` of them: what "Expand all" unfolds. */
export function allContainers(value: unknown, limit = MAX_ROWS): object[] {
  const found: object[] = [];
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0 && found.length < limit) {
    const item = pending.pop();
    if (!isContainer(item) || seen.has(item)) continue;
    seen.add(item);
    found.push(item);
    const keys = keysOf(item);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const child = childOf(item, keys[index]!);
      if (isContainer(child)) pending.push(child);
    }
  }
  return found;
}
