// The JSON rules every tool grammar shares: whitespace, strings, numbers, any value. Pure.
import { alt, literal, optional, ref, repeat, seq, type GbnfExpr, type GbnfRules } from './gbnf-expr';

const chars = (...ranges: [number, number][]): GbnfExpr => ({ kind: 'class', negated: false, ranges });
const notChars = (...ranges: [number, number][]): GbnfExpr => ({ kind: 'class', negated: true, ranges });
const code = (char: string): number => char.codePointAt(0) ?? 0;
const one = (char: string): [number, number] => [code(char), code(char)];
const span = (from: string, to: string): [number, number] => [code(from), code(to)];

/** Rule names of the shared rules, for references from generated rules. */
export const JSON_RULE = {
  ws: 'ws',
  string: 'json-string',
  number: 'json-number',
  integer: 'json-integer',
  boolean: 'json-boolean',
  null: 'json-null',
  value: 'json-value',
  object: 'json-object',
  array: 'json-array',
  char: 'json-char',
} as const;

/**
 * Adds the shared rules. Whitespace between tokens is bounded (a small model otherwise pads with newlines
 * until it runs out of tokens); numbers are bounded in digits for the same reason.
 */
export function addJsonValueRules(rules: GbnfRules): void {
  const ws = ref(JSON_RULE.ws);
  rules.set(JSON_RULE.ws, repeat(chars(one(' '), one('\t'), one('\n')), 0, 8));
  rules.set(
    JSON_RULE.char,
    alt(
      notChars(one('"'), one('\\'), [0, 0x1f], [0x7f, 0x7f]),
      seq(
        literal('\\'),
        alt(
          chars(one('"'), one('\\'), one('/'), one('b'), one('f'), one('n'), one('r'), one('t')),
          seq(literal('u'), repeat(chars(span('0', '9'), span('a', 'f'), span('A', 'F')), 4, 4)),
        ),
      ),
    ),
  );
  rules.set(JSON_RULE.string, seq(literal('"'), repeat(ref(JSON_RULE.char), 0), literal('"')));
  const digits = alt(chars(span('0', '9')), seq(chars(span('1', '9')), repeat(chars(span('0', '9')), 1, 15)));
  rules.set(JSON_RULE.integer, seq(optional(literal('-')), digits));
  rules.set(
    JSON_RULE.number,
    seq(
      optional(literal('-')),
      digits,
      optional(seq(literal('.'), repeat(chars(span('0', '9')), 1, 16))),
      optional(
        seq(chars(one('e'), one('E')), optional(chars(one('-'), one('+'))), repeat(chars(span('0', '9')), 1, 3)),
      ),
    ),
  );
  rules.set(JSON_RULE.boolean, alt(literal('true'), literal('false')));
  rules.set(JSON_RULE.null, literal('null'));
  const value = ref(JSON_RULE.value);
  const member = seq(ref(JSON_RULE.string), ws, literal(':'), ws, value);
  rules.set(
    JSON_RULE.object,
    seq(literal('{'), ws, optional(seq(member, repeat(seq(ws, literal(','), ws, member), 0))), ws, literal('}')),
  );
  rules.set(
    JSON_RULE.array,
    seq(literal('['), ws, optional(seq(value, repeat(seq(ws, literal(','), ws, value), 0))), ws, literal(']')),
  );
  rules.set(
    JSON_RULE.value,
    alt(
      ref(JSON_RULE.object),
      ref(JSON_RULE.array),
      ref(JSON_RULE.string),
      ref(JSON_RULE.number),
      ref(JSON_RULE.boolean),
      ref(JSON_RULE.null),
    ),
  );
}
