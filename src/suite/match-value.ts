// Argument and answer matchers: exact (deep equality), JSON Schema, regular expression, contains. Pure.
import { Validator, type SchemaDraft } from '@cfworker/json-schema';
import { compileLinearRegex, type LinearRegex } from './linear-regex';
import { linearizeSchemaPatterns } from './linear-schema-patterns';
import type { TextMatcher, ValueMatcher } from './test-suite';

/** A matcher's verdict and, when it fails, why in a sentence. */
export interface MatchVerdict {
  ok: boolean;
  why: string;
}

/** Longest text a regular expression is run on (matching is linear, linear-regex.ts; this bounds the report). */
const REGEX_SUBJECT_LIMIT = 100_000;
const REGEX_PATTERN_LIMIT = 1_000;

/** Whether two JSON values are equal, ignoring object key order. */
export function isDeepEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((item, index) => isDeepEqual(item, right[index]));
  const leftKeys = Object.keys(left);
  const rightRecord = right as Record<string, unknown>;
  return (
    leftKeys.length === Object.keys(right).length &&
    leftKeys.every((key) => key in rightRecord && isDeepEqual((left as Record<string, unknown>)[key], rightRecord[key]))
  );
}

/** The value at a dot path (`city`, `items.0.name`); `found: false` when a step is missing. */
export function readPath(value: unknown, path: string | undefined): { found: boolean; value: unknown } {
  if (path === undefined || path.trim() === '') return { found: true, value };
  let current: unknown = value;
  for (const step of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, step))
      return { found: false, value };
    current = (current as Record<string, unknown>)[step];
  }
  return { found: true, value: current };
}

/**
 * Compiles a regular expression from a suite for linear-time matching, or says why it cannot: not a valid
 * JavaScript pattern, or one that needs backtracking (RE2 has no back-references or lookarounds).
 */
export function compileRegex(pattern: string, flags = ''): LinearRegex | string {
  if (pattern.length > REGEX_PATTERN_LIMIT) return `the pattern is longer than ${REGEX_PATTERN_LIMIT} characters`;
  try {
    // Still checked as JavaScript first, so a typo reads as one.
    new RegExp(pattern, flags.replace(/[^imsu]/g, ''));
  } catch (error) {
    return `the pattern /${pattern}/ is not a valid regular expression (${error instanceof Error ? error.message : String(error)})`;
  }
  return compileLinearRegex(pattern, flags);
}

function testRegex(pattern: string, flags: string | undefined, subject: string): MatchVerdict {
  const regex = compileRegex(pattern, flags);
  if (typeof regex === 'string') return { ok: false, why: regex };
  const text = subject.slice(0, REGEX_SUBJECT_LIMIT);
  return regex.test(text) ? { ok: true, why: '' } : { ok: false, why: `${quote(text)} does not match /${pattern}/` };
}

function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** Checks a value (a tool input or a part of one) against a matcher. */
export function matchValue(value: unknown, matcher: ValueMatcher): MatchVerdict {
  switch (matcher.kind) {
    case 'exact':
      return isDeepEqual(value, matcher.value)
        ? { ok: true, why: '' }
        : { ok: false, why: `${quote(JSON.stringify(value))} is not ${quote(JSON.stringify(matcher.value))}` };
    case 'schema': {
      try {
        // Its patterns decided in linear time first: a suite's schema may come from someone else.
        const schema = linearizeSchemaPatterns(matcher.schema, value);
        if (typeof schema === 'string') return { ok: false, why: `the schema cannot be used: ${schema}` };
        const result = new Validator(schema, draftOf(matcher.schema), false).validate(value);
        if (result.valid) return { ok: true, why: '' };
        const first = result.errors.at(-1);
        return {
          ok: false,
          why: `does not fit the schema: ${first ? `${first.instanceLocation} ${first.error}` : 'invalid'}`,
        };
      } catch (error) {
        return {
          ok: false,
          why: `the schema cannot be used (${error instanceof Error ? error.message : String(error)})`,
        };
      }
    }
    case 'regex':
      return testRegex(
        matcher.pattern,
        matcher.flags,
        typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
      );
  }
}

/** Checks the final answer's text against a matcher. */
export function matchText(text: string, matcher: TextMatcher): MatchVerdict {
  if (matcher.kind === 'regex') return testRegex(matcher.pattern, matcher.flags, text);
  const found =
    matcher.caseSensitive === true
      ? text.includes(matcher.text)
      : text.toLocaleLowerCase().includes(matcher.text.toLocaleLowerCase());
  return found ? { ok: true, why: '' } : { ok: false, why: `the answer does not contain ${quote(matcher.text)}` };
}

/** A value in quotes, shortened for a one-line report. */
export function quote(text: string | undefined): string {
  const value = text ?? 'undefined';
  return `“${value.length > 80 ? `${value.slice(0, 77)}…` : value}”`;
}
