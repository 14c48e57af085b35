// The GBNF grammar as data, and its text in llama.cpp's grammar format (grammars/README.md there). Pure.

/** One expression of a rule: a literal, a character class, a rule reference, or a combination of them. */
export type GbnfExpr =
  | { kind: 'literal'; text: string }
  | { kind: 'class'; negated: boolean; ranges: readonly (readonly [number, number])[] }
  | { kind: 'ref'; name: string }
  | { kind: 'seq'; items: readonly GbnfExpr[] }
  | { kind: 'alt'; items: readonly GbnfExpr[] }
  | { kind: 'repeat'; item: GbnfExpr; min: number; max: number | undefined };

/** A grammar: rules by name; `root` is where generation starts. */
export type GbnfRules = Map<string, GbnfExpr>;

export const literal = (text: string): GbnfExpr => ({ kind: 'literal', text });
export const ref = (name: string): GbnfExpr => ({ kind: 'ref', name });
export const seq = (...all: GbnfExpr[]): GbnfExpr => {
  // An empty sequence inside another adds nothing to it.
  const items = all.filter(
    (item) => !(item.kind === 'seq' && item.items.length === 0) && !(item.kind === 'literal' && item.text === ''),
  );
  return items.length === 1 && items[0] ? items[0] : { kind: 'seq', items };
};
export const alt = (...items: GbnfExpr[]): GbnfExpr =>
  items.length === 1 && items[0] ? items[0] : { kind: 'alt', items };
export const repeat = (item: GbnfExpr, min: number, max?: number): GbnfExpr => ({ kind: 'repeat', item, min, max });
export const optional = (item: GbnfExpr): GbnfExpr => repeat(item, 0, 1);

/**
 * One code point as GBNF writes it inside a literal or a class. Everything outside printable ASCII is an
 * escape, so a hostile property name (quotes, newlines, `]`, NUL, emoji) can never end a literal early.
 */
export function escapeGbnfChar(codePoint: number, inClass: boolean): string {
  const char = String.fromCodePoint(codePoint);
  // llama.cpp knows only these backslash escapes; `-` and `^` in a class are written in hex instead.
  if (char === '"' || char === '\\' || (inClass && (char === ']' || char === '['))) return `\\${char}`;
  if (inClass && (char === '-' || char === '^')) return `\\x${codePoint.toString(16)}`;
  if (codePoint >= 0x20 && codePoint < 0x7f) return char;
  if (codePoint <= 0xff) return `\\x${codePoint.toString(16).padStart(2, '0')}`;
  if (codePoint <= 0xffff) return `\\u${codePoint.toString(16).padStart(4, '0')}`;
  return `\\U${codePoint.toString(16).padStart(8, '0')}`;
}

function renderLiteral(text: string): string {
  let out = '"';
  for (const char of text) out += escapeGbnfChar(char.codePointAt(0) ?? 0, false);
  return `${out}"`;
}

function renderClass(expr: Extract<GbnfExpr, { kind: 'class' }>): string {
  const body = expr.ranges
    .map(([from, to]) =>
      from === to ? escapeGbnfChar(from, true) : `${escapeGbnfChar(from, true)}-${escapeGbnfChar(to, true)}`,
    )
    .join('');
  return `[${expr.negated ? '^' : ''}${body}]`;
}

/** The text of one expression; `nested` wraps alternatives and sequences in parentheses. */
export function renderGbnfExpr(expr: GbnfExpr, nested = false): string {
  switch (expr.kind) {
    case 'literal':
      return renderLiteral(expr.text);
    case 'class':
      return renderClass(expr);
    case 'ref':
      return expr.name;
    case 'seq': {
      if (expr.items.length === 0) return '""';
      const text = expr.items.map((item) => renderGbnfExpr(item, item.kind === 'alt')).join(' ');
      return nested && expr.items.length > 1 ? `(${text})` : text;
    }
    case 'alt': {
      const text = expr.items.map((item) => renderGbnfExpr(item)).join(' | ');
      return nested ? `(${text})` : text;
    }
    case 'repeat': {
      const inner = renderGbnfExpr(expr.item, true);
      // `x?*` is not GBNF: a repeated repetition gets its own parentheses.
      const wrapped = expr.item.kind === 'repeat' ? `(${inner})` : inner;
      if (expr.min === 0 && expr.max === 1) return `${wrapped}?`;
      if (expr.min === 0 && expr.max === undefined) return `${wrapped}*`;
      if (expr.min === 1 && expr.max === undefined) return `${wrapped}+`;
      if (expr.max === undefined) return `${wrapped}{${expr.min},}`;
      return expr.min === expr.max ? `${wrapped}{${expr.min}}` : `${wrapped}{${expr.min},${expr.max}}`;
    }
  }
}

/** The whole grammar, `root` first, one rule per line. */
export function renderGbnf(rules: GbnfRules): string {
  const names = [...rules.keys()].sort((a, b) => (a === 'root' ? -1 : b === 'root' ? 1 : 0));
  return names.map((name) => `${name} ::= ${renderGbnfExpr(rules.get(name) ?? seq())}`).join('\n') + '\n';
}
