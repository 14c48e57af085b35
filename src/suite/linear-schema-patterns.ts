// JSON Schema `pattern` and `patternProperties` in a suite's schema matcher, decided in linear time. The
// validator (@cfworker/json-schema) runs each pattern with JavaScript's backtracking RegExp and takes no other
// engine, so each pattern is decided here with RE2 (linear-regex.ts) against the strings and keys the checked
// value actually holds, and handed to the validator as the alternation of exactly the ones it matches (a list
// of escaped literals, which JavaScript matches in linear time). The verdict is the same; the cost is not.
import { compileLinearRegex, type LinearRegex } from './linear-regex';

/** Keywords whose value is data, not a schema: a `pattern` inside them is not a keyword. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Syntax characters, escaped for a `u`-flag RegExp (where escaping anything else is an error). */
const escapeLiteral = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** A pattern matching exactly `texts`, whole (`(?!)` when there are none: it never matches). */
function exactly(texts: Iterable<string>): string {
  const parts = [...texts].map(escapeLiteral);
  return parts.length === 0 ? '(?!)' : `^(?:${parts.join('|')})$`;
}

function collect(value: unknown, strings: Set<string>, keys: Set<string>): void {
  if (typeof value === 'string') strings.add(value);
  else if (Array.isArray(value)) for (const item of value) collect(item, strings, keys);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      collect(item, strings, keys);
    }
}

/**
 * `schema` with each `pattern` and `patternProperties` key replaced by the literal alternation of the strings or
 * keys of `value` it matches (decided with RE2), or a sentence naming the first pattern that cannot be matched
 * in linear time (a back-reference, a lookaround).
 */
export function linearizeSchemaPatterns(
  schema: Record<string, unknown>,
  value: unknown,
): Record<string, unknown> | string {
  const strings = new Set<string>();
  const keys = new Set<string>();
  collect(value, strings, keys);
  const compiled = new Map<string, LinearRegex>();
  let refused: string | undefined;
  const decide = (pattern: string, among: Set<string>): string => {
    let regex = compiled.get(pattern);
    if (regex === undefined) {
      const made = compileLinearRegex(pattern, 'u');
      if (typeof made === 'string') {
        refused ??= made;
        return '(?!)';
      }
      regex = made;
      compiled.set(pattern, regex);
    }
    const found = regex;
    return exactly([...among].filter((text) => found.test(text)));
  };
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (DATA_KEYWORDS.has(key)) out[key] = child;
      else if (key === 'pattern' && typeof child === 'string') out[key] = decide(child, strings);
      else if (key === 'patternProperties' && typeof child === 'object' && child !== null && !Array.isArray(child))
        out[key] = Object.fromEntries(
          // Two patterns may come out as the same alternation: an empty group per index keeps the keys apart.
          Object.entries(child as Record<string, unknown>).map(([pattern, sub], index) => [
            `${'(?:)'.repeat(index)}${decide(pattern, keys)}`,
            rewrite(sub),
          ]),
        );
      else out[key] = rewrite(child);
    }
    return out;
  };
  const result = rewrite(schema) as Record<string, unknown>;
  return refused ?? result;
}
