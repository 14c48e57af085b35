import { describe, expect, it } from 'vitest';
import { allContainers, buildRows, CHILDREN_STEP, MAX_ROWS, type FoldState } from './json-rows';
import { childPath, MAX_PATH_LABEL, shortPath } from './json-path';
import { nodeCopyText } from './node-copy-button';
import { revealMatch, rowOfMatch } from './reveal-match';
import { searchJson } from './search-json';

const folded = (expanded: object[] = []): FoldState => ({
  expanded: new Set(expanded),
  shown: new Map(),
  openStrings: new Map(),
});

function deep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = { next: value };
  return value;
}

describe('buildRows', () => {
  it('shows a folded container as one row and an unfolded one with its children and a closing row', () => {
    const value = { a: 1, b: [true, null], c: 'x' };
    expect(buildRows(value, folded()).map((row) => row.kind)).toEqual(['folded']);
    const rows = buildRows(value, folded([value, value.b]));
    expect(rows.map((row) => row.kind)).toEqual(['open', 'leaf', 'open', 'leaf', 'leaf', 'close', 'leaf', 'close']);
    expect(rows.map((row) => row.depth)).toEqual([0, 1, 1, 2, 2, 1, 1, 0]);
  });

  it('shows 100k keys a step at a time, with a "more" row', () => {
    const value = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, index]));
    const started = performance.now();
    const rows = buildRows(value, folded([value]));
    expect(rows).toHaveLength(CHILDREN_STEP + 3);
    expect(rows.at(-2)).toMatchObject({ kind: 'more', shown: CHILDREN_STEP, total: 100_000 });
    const more = buildRows(value, { ...folded([value]), shown: new Map([[value, 100_000]]) });
    expect(more).toHaveLength(100_002);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('unfolds 10,000-deep nesting without recursion, and expand-all is bounded', () => {
    const value = deep(10_000);
    const containers = allContainers(value);
    expect(containers).toHaveLength(10_000);
    const rows = buildRows(value, folded(containers));
    expect(rows).toHaveLength(20_001);
    expect(rows[10_000]).toMatchObject({ kind: 'leaf', depth: 10_000, value: 'bottom' });
    const wide = Array.from({ length: 250 }, () => Array.from({ length: 1_000 }, (_, index) => index));
    const all = allContainers(wide);
    const cut = buildRows(wide, { ...folded(all), shown: new Map(all.map((container) => [container, 1_000])) });
    expect(cut.length).toBeLessThanOrEqual(MAX_ROWS + 1);
    expect(cut.at(-1)).toMatchObject({ kind: 'cut' });
  });

  it('marks a cycle instead of looping', () => {
    const value: Record<string, unknown> = { name: 'loop' };
    value.self = value;
    const rows = buildRows(value, folded(allContainers(value)));
    expect(rows.map((row) => row.kind)).toEqual(['open', 'leaf', 'circular', 'close']);
  });
});

describe('searchJson and revealMatch', () => {
  it('finds keys and values ignoring case, in row order', () => {
    const value = { City: 'Paris', list: ['paris', 3, { deep: 'PARIS!' }] };
    const search = searchJson(value, 'paris');
    expect(search.matches.map((match) => [match.key, match.on])).toEqual([
      ['City', 'value'],
      [0, 'value'],
      ['deep', 'value'],
    ]);
    expect(searchJson(value, 'city').matches).toEqual([{ parent: value, key: 'City', on: 'key' }]);
    expect(searchJson(value, '').matches).toEqual([]);
  });

  it('unfolds the way down to a match past the shown children and opens a long string at it', () => {
    const items = Array.from({ length: 1_000 }, (_, index) => ({
      id: index,
      note: index === 777 ? `${'x'.repeat(500)}needle` : 'n',
    }));
    const value = { items };
    const search = searchJson(value, 'NEEDLE');
    expect(search.matches).toHaveLength(1);
    const match = search.matches[0]!;
    const fold = revealMatch(value, match, search, folded(), 'NEEDLE');
    const rows = buildRows(value, fold);
    const at = rowOfMatch(rows, match);
    expect(at).toBeGreaterThan(0);
    expect(rows[at]).toMatchObject({ kind: 'leaf', key: 'note', open: true });
  });

  it('searches a 5 MB string and caps a flood of matches', () => {
    const big = `${'a'.repeat(5_000_000)}z`;
    expect(searchJson(big, 'Z').matches).toEqual([{ parent: null, key: null, on: 'value' }]);
    const flood = Array.from({ length: 20_000 }, () => 'hit');
    const search = searchJson(flood, 'hit');
    expect(search.matches).toHaveLength(10_000);
    expect(search.capped).toBe(true);
  });
});

describe('a node’s path and its Copy', () => {
  it('names each container by its path: identifiers dotted, other keys quoted, indexes bracketed', () => {
    const value = { days: [{ 'max temp': { c: 3 } }], 'a"b': {}, $ok: [] };
    const rows = buildRows(value, folded(allContainers(value)));
    const paths = rows.flatMap((row) => (row.kind === 'open' || row.kind === 'folded' ? [row.path] : []));
    expect(paths).toEqual(['$', '$.days', '$.days[0]', '$.days[0]["max temp"]', '$["a\\"b"]', '$.$ok']);
  });

  it('shortens a path past its cap in the middle, keeping both ends', () => {
    const long = childPath('$', 'k'.repeat(5_000));
    const label = shortPath(childPath(long, 7));
    expect(label.length).toBeLessThanOrEqual(MAX_PATH_LABEL);
    expect(label.startsWith('$.kkk')).toBe(true);
    expect(label.endsWith('k[7]')).toBe(true);
    expect(shortPath('$.a')).toBe('$.a');
  });

  it('copies a node as indented JSON, and says why not for a cycle or a value too deep for JSON.stringify', () => {
    expect(nodeCopyText({ a: [1] })).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}' });
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(nodeCopyText(cyclic)).toEqual({ problem: 'Circular: cannot copy as JSON' });
    expect(nodeCopyText(deep(200_000) as Record<string, unknown>)).toEqual({
      problem: 'Too deeply nested to copy as JSON',
    });
  });
});
