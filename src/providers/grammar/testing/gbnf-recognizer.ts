// Test-only: reads GBNF text (the subset this folder writes, plus comments) and says whether a string is in
// its language. An independent check of the rendered text, not of the data it came from.
import type { GbnfExpr, GbnfRules } from '../gbnf-expr';

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  skip(newlines: boolean): void {
    for (;;) {
      const char = this.text[this.at];
      if (char === '#') while (this.at < this.text.length && this.text[this.at] !== '\n') this.at += 1;
      else if (char === ' ' || char === '\t' || (newlines && (char === '\n' || char === '\r'))) this.at += 1;
      else return;
    }
  }
  peek(): string {
    return this.text[this.at] ?? '';
  }
  fail(why: string): never {
    throw new Error(`GBNF: ${why} at ${this.at}: ${JSON.stringify(this.text.slice(this.at, this.at + 30))}`);
  }
}

function readChar(reader: Reader): number {
  const char = reader.text.codePointAt(reader.at) ?? reader.fail('end of text');
  if (char !== 0x5c) {
    reader.at += char > 0xffff ? 2 : 1;
    return char;
  }
  const kind = reader.text[reader.at + 1] ?? '';
  const hex = (length: number): number => {
    const digits = reader.text.slice(reader.at + 2, reader.at + 2 + length);
    if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== length) reader.fail('bad escape');
    reader.at += 2 + length;
    return parseInt(digits, 16);
  };
  if (kind === 'x') return hex(2);
  if (kind === 'u') return hex(4);
  if (kind === 'U') return hex(8);
  // Only the escapes llama.cpp's grammar parser knows (parse_char); any other is its "unknown escape".
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, '\\': 0x5c, '"': 0x22, '[': 0x5b, ']': 0x5d };
  const known = simple[kind] ?? reader.fail(`unknown escape \\${kind}`);
  reader.at += 2;
  return known;
}

function readAlternatives(reader: Reader): GbnfExpr {
  const items: GbnfExpr[] = [readSequence(reader)];
  while (reader.peek() === '|') {
    reader.at += 1;
    reader.skip(true);
    items.push(readSequence(reader));
  }
  return items.length === 1 && items[0] ? items[0] : { kind: 'alt', items };
}

function readAtom(reader: Reader): GbnfExpr {
  const char = reader.peek();
  if (char === '"') {
    reader.at += 1;
    let text = '';
    while (reader.peek() !== '"') text += String.fromCodePoint(readChar(reader));
    reader.at += 1;
    return { kind: 'literal', text };
  }
  if (char === '[') {
    reader.at += 1;
    const negated = reader.peek() === '^';
    if (negated) reader.at += 1;
    const ranges: [number, number][] = [];
    while (reader.peek() !== ']') {
      const from = readChar(reader);
      if (reader.peek() === '-' && reader.text[reader.at + 1] !== ']') {
        reader.at += 1;
        ranges.push([from, readChar(reader)]);
      } else ranges.push([from, from]);
    }
    reader.at += 1;
    return { kind: 'class', negated, ranges };
  }
  if (char === '(') {
    reader.at += 1;
    reader.skip(true);
    const inner = readAlternatives(reader);
    if (reader.peek() !== ')') reader.fail('expected )');
    reader.at += 1;
    return inner;
  }
  const name = /^[a-zA-Z0-9-]+/.exec(reader.text.slice(reader.at))?.[0] ?? reader.fail('expected a term');
  reader.at += name.length;
  return { kind: 'ref', name };
}

function readSequence(reader: Reader): GbnfExpr {
  const items: GbnfExpr[] = [];
  for (;;) {
    reader.skip(false);
    const char = reader.peek();
    if (char === '' || char === '|' || char === ')' || char === '\n' || char === '\r') break;
    let atom = readAtom(reader);
    for (;;) {
      const op = reader.peek();
      if (op === '*') atom = { kind: 'repeat', item: atom, min: 0, max: undefined };
      else if (op === '+') atom = { kind: 'repeat', item: atom, min: 1, max: undefined };
      else if (op === '?') atom = { kind: 'repeat', item: atom, min: 0, max: 1 };
      else if (op === '{') {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(reader.text.slice(reader.at)) ?? reader.fail('bad {m,n}');
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : match[3] === '' ? undefined : Number(match[3]);
        atom = { kind: 'repeat', item: atom, min, max };
        reader.at += match[0].length - 1;
      } else break;
      reader.at += 1;
    }
    items.push(atom);
  }
  return items.length === 1 && items[0] ? items[0] : { kind: 'seq', items };
}

/** Parses GBNF text; throws on what llama.cpp would refuse among the constructs it knows. */
export function parseGbnf(text: string): GbnfRules {
  const reader = new Reader(text);
  const rules: GbnfRules = new Map();
  for (reader.skip(true); reader.at < text.length; reader.skip(true)) {
    const name = /^[a-zA-Z0-9-]+/.exec(text.slice(reader.at))?.[0] ?? reader.fail('expected a rule name');
    reader.at += name.length;
    reader.skip(false);
    if (!text.startsWith('::=', reader.at)) reader.fail('expected ::=');
    reader.at += 3;
    reader.skip(false);
    if (rules.has(name)) reader.fail(`rule ${name} defined twice`);
    rules.set(name, readAlternatives(reader));
  }
  for (const expr of rules.values()) checkRefs(expr, rules);
  if (!rules.has('root')) throw new Error('GBNF: no root rule');
  return rules;
}

function checkRefs(expr: GbnfExpr, rules: GbnfRules): void {
  if (expr.kind === 'ref' && !rules.has(expr.name)) throw new Error(`GBNF: undefined rule ${expr.name}`);
  if (expr.kind === 'seq' || expr.kind === 'alt') for (const item of expr.items) checkRefs(item, rules);
  if (expr.kind === 'repeat') checkRefs(expr.item, rules);
}

/** Whether `input` is in the language of `rules` from `root` (all parses, memoised per rule and position). */
export function matchesGbnf(rules: GbnfRules, input: string): boolean {
  const chars = [...input].map((char) => char.codePointAt(0) ?? 0);
  const memo = new Map<string, Set<number>>();
  const ends = (expr: GbnfExpr, at: number): Set<number> => {
    switch (expr.kind) {
      case 'literal': {
        const want = [...expr.text].map((char) => char.codePointAt(0) ?? 0);
        return want.every((code, offset) => chars[at + offset] === code) ? new Set([at + want.length]) : new Set();
      }
      case 'class': {
        const code = chars[at];
        if (code === undefined) return new Set();
        const inside = expr.ranges.some(([from, to]) => code >= from && code <= to);
        return inside !== expr.negated ? new Set([at + 1]) : new Set();
      }
      case 'ref': {
        const key = `${expr.name}@${at}`;
        const known = memo.get(key);
        if (known) return known;
        memo.set(key, new Set()); // a left-recursive rule matches nothing here rather than looping
        const result = ends(rules.get(expr.name) ?? { kind: 'seq', items: [] }, at);
        memo.set(key, result);
        return result;
      }
      case 'seq':
        return expr.items.reduce(
          (from, item) => new Set([...from].flatMap((start) => [...ends(item, start)])),
          new Set([at]),
        );
      case 'alt':
        return new Set(expr.items.flatMap((item) => [...ends(item, at)]));
      case 'repeat': {
        const result = new Set<number>(expr.min === 0 ? [at] : []);
        let frontier = new Set([at]);
        for (let count = 1; frontier.size > 0 && (expr.max === undefined || count <= expr.max); count += 1) {
          const next = new Set(
            [...frontier].flatMap((start) =>
              [...ends(expr.item, start)].filter((end) => end > start || expr.max !== undefined),
            ),
          );
          if (count >= expr.min) for (const end of next) result.add(end);
          frontier = next;
          if (expr.max === undefined && count > chars.length + 1) break;
        }
        return result;
      }
    }
  };
  return ends({ kind: 'ref', name: 'root' }, 0).has(chars.length);
}
