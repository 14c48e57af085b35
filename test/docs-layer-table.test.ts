// docs/ARCHITECTURE.md's table of layers says what layer-rules.json says each layer may import.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeMayImport, LAYER_RULES, type Layer } from './support/layer-rules';

const ARCHITECTURE = resolve(import.meta.dirname, '../docs/ARCHITECTURE.md');

/** The "may import" cell (the last) of each row whose first cell is `src/<layer>/`. */
function documentedRules(): Record<string, string> {
  const rows = readFileSync(ARCHITECTURE, 'utf8')
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells[0] === '' && /^`src\/[a-z-]+\/`$/.test(cells[1] ?? ''));
  return Object.fromEntries(rows.map((cells): [string, string] => [cells[1]?.slice(5, -2) ?? '', cells.at(-2) ?? '']));
}

describe('docs/ARCHITECTURE.md layer table', () => {
  it('has a row for each layer of layer-rules.json, saying what it may import', () => {
    const expected = Object.fromEntries(
      Object.keys(LAYER_RULES).map((layer) => [layer, describeMayImport(layer as Layer)]),
    );
    expect(documentedRules()).toEqual(expected);
  });
});
