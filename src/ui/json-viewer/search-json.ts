// Pure: where a text occurs in a JSON value — keys and primitive values, ignoring case — and the chain of
// containers above each place, so a viewer can unfold down to it. Iterative and bounded.
import { childOf, isContainer, keysOf, type JsonContainer, type JsonKey } from './json-rows';

/** Matches kept at most (the count says "10,000+"). */
export const MAX_MATCHES = 10_000;
/** Nodes looked at most per search (keys and values of a 100k-key object are 200k). */
const MAX_VISITS = 2_000_000;

export interface JsonMatch {
  /** The container holding the matched key or value; null for the root value itself. */
  parent: JsonContainer | null;
  key: JsonKey;
  on: 'key' | 'value';
}

export interface JsonSearch {
  matches: JsonMatch[];
  /** True when the search stopped at a cap: there may be more matches than listed. */
  capped: boolean;
  /** Each container's own parent and key, for unfolding the way down to a match. */
  parents: Map<object, { parent: JsonContainer | null; key: JsonKey }>;
}

/** The text a primitive shows as (what a search reads). */
export function primitiveText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  return typeof value === 'undefined' ? 'undefined' : '';
}

export function searchJson(value: unknown, query: string): JsonSearch {
  const needle = query.toLocaleLowerCase();
  const parents = new Map<object, { parent: JsonContainer | null; key: JsonKey }>();
  const matches: JsonMatch[] = [];
  if (needle === '') return { matches, capped: false, parents };
  let visits = 0;
  let capped = false;
  const pending: { item: unknown; parent: JsonContainer | null; key: JsonKey }[] = [
    { item: value, parent: null, key: null },
  ];
  while (pending.length > 0) {
    if (matches.length >= MAX_MATCHES || visits >= MAX_VISITS) {
      capped = true;
      break;
    }
    const { item, parent, key } = pending.pop()!;
    visits += 1;
    if (typeof key === 'string' && key.toLocaleLowerCase().includes(needle)) matches.push({ parent, key, on: 'key' });
    if (!isContainer(item)) {
      if (primitiveText(item).toLocaleLowerCase().includes(needle)) matches.push({ parent, key, on: 'value' });
      continue;
    }
    if (parents.has(item)) continue;
    parents.set(item, { parent, key });
    const keys = keysOf(item);
    // Pushed in reverse, so matches come out in the order the rows show them.
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const childKey = keys[index]!;
      pending.push({ item: childOf(item, childKey), parent: item, key: childKey });
    }
  }
  return { matches, capped, parents };
}
