// Pure: unfolding down to a search match — its containers expanded, enough children shown, a long string
// opened when the match lies past its preview — and the row it lands on.
import {
  CHILDREN_STEP,
  childOf,
  keysOf,
  type FoldState,
  type JsonContainer,
  type JsonKey,
  type JsonRow,
} from './json-rows';
import type { JsonMatch, JsonSearch } from './search-json';
import { primitiveText } from './search-json';

/** Characters of a string shown before it is opened. */
export const STRING_PREVIEW = 200;

/** `fold` with everything above `match` (in `root`) unfolded so its row exists and shows the matched text. */
export function revealMatch(
  root: unknown,
  match: JsonMatch,
  search: JsonSearch,
  fold: FoldState,
  query: string,
): FoldState {
  const expanded = new Set(fold.expanded);
  const shown = new Map(fold.shown);
  let child: { container: JsonContainer | null; key: JsonKey } = { container: match.parent, key: match.key };
  // Walk up from the match's parent: each container is expanded and shows the child on the way down.
  for (let guard = 0; child.container !== null && guard < 1_000_000; guard += 1) {
    const container: JsonContainer = child.container;
    expanded.add(container);
    const index = typeof child.key === 'number' ? child.key : keysOf(container).indexOf(child.key ?? '');
    const count = shown.get(container) ?? CHILDREN_STEP;
    if (index >= count) shown.set(container, Math.ceil((index + 1) / CHILDREN_STEP) * CHILDREN_STEP);
    const above = search.parents.get(container);
    if (above === undefined) break;
    child = { container: above.parent, key: above.key };
  }
  let openStrings = fold.openStrings;
  if (match.on === 'value') {
    const value = match.parent === null ? root : childOf(match.parent, match.key ?? '');
    const at =
      typeof value === 'string' ? primitiveText(value).toLocaleLowerCase().indexOf(query.toLocaleLowerCase()) : -1;
    if (at + query.length > STRING_PREVIEW) {
      const next = new Map(openStrings);
      next.set(match.parent, new Set([...(openStrings.get(match.parent) ?? []), match.key]));
      openStrings = next;
    }
  }
  return { expanded, shown, openStrings };
}

/** The index of the row that shows `match`, or -1. */
export function rowOfMatch(rows: readonly JsonRow[], match: JsonMatch): number {
  return rows.findIndex(
    (row) =>
      (row.kind === 'leaf' || row.kind === 'open' || row.kind === 'folded' || row.kind === 'circular') &&
      row.parent === match.parent &&
      row.key === match.key,
  );
}
