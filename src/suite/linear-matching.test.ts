// Issue 36 (Low): a suite's regular expressions and schema patterns are matched in linear time. `^(a+)+$` on
// 40 characters would backtrack for hours in JavaScript's engine (it doubles per character); here each verdict
// comes at once and says why it failed. Same answers as JavaScript's engine on ordinary patterns.
import { describe, expect, it } from 'vitest';
import { matchText, matchValue } from './match-value';

const EVIL = '^(a+)+$';
const SUBJECT = `${'a'.repeat(40)}!`;

describe('suite regular expressions', () => {
  it('fails a pathological pattern on a long subject with the reason, instead of hanging', () => {
    expect(matchText(SUBJECT, { kind: 'regex', pattern: EVIL })).toEqual({
      ok: false,
      why: `“${SUBJECT}” does not match /${EVIL}/`,
    });
    expect(matchValue('a'.repeat(100_000), { kind: 'regex', pattern: EVIL }).ok).toBe(true);
    expect(matchValue({ city: SUBJECT }, { kind: 'regex', pattern: '^\\{"city":"(a|aa)+"\\}$' }).ok).toBe(false);
  });

  it('gives the answers of JavaScript on ordinary patterns, flags included', () => {
    expect(matchText('Wear a coat in Paris', { kind: 'regex', pattern: 'paris', flags: 'i' }).ok).toBe(true);
    expect(matchText('Wear a coat in Paris', { kind: 'regex', pattern: 'paris' }).ok).toBe(false);
    expect(matchText('line one\nline two', { kind: 'regex', pattern: '^line two$', flags: 'm' }).ok).toBe(true);
    expect(matchText('a\nb', { kind: 'regex', pattern: 'a.b', flags: 's' }).ok).toBe(true);
    expect(matchText('2026-12-04', { kind: 'regex', pattern: '^(?<year>\\d{4})-\\d{2}-\\d{2}$' }).ok).toBe(true);
    expect(matchText('Zürich', { kind: 'regex', pattern: '^\\p{Lu}\\p{Ll}+$', flags: 'u' }).ok).toBe(true);
  });

  it('refuses a pattern that needs backtracking, and says so', () => {
    for (const pattern of ['(a)\\1', '(?=a)b', '(?<!x)y'])
      expect(matchText('aa', { kind: 'regex', pattern }).why).toContain('cannot be matched in linear time');
    expect(matchText('aa', { kind: 'regex', pattern: '(' }).why).toContain('is not a valid regular expression');
  });
});

describe('schema patterns in a suite', () => {
  it('fails a pathological `pattern` with the reason, instead of hanging', () => {
    const schema = { type: 'object', properties: { city: { type: 'string', pattern: EVIL } } };
    expect(matchValue({ city: SUBJECT }, { kind: 'schema', schema })).toEqual({
      ok: false,
      why: expect.stringContaining('does not fit the schema: #/city') as unknown,
    });
    expect(matchValue({ city: 'aaaa' }, { kind: 'schema', schema }).ok).toBe(true);
  });

  it('decides `patternProperties` keys the same way, additionalProperties included', () => {
    const schema = { type: 'object', patternProperties: { [EVIL]: { type: 'number' } }, additionalProperties: false };
    expect(matchValue({ aaaa: 1 }, { kind: 'schema', schema }).ok).toBe(true);
    expect(matchValue({ aaaa: 'x' }, { kind: 'schema', schema }).ok).toBe(false);
    expect(matchValue({ [SUBJECT]: 1 }, { kind: 'schema', schema }).ok).toBe(false);
    // Two patterns that pick the same keys both still apply.
    const both = { type: 'object', patternProperties: { '^a': { type: 'number' }, a$: { minimum: 5 } } };
    expect(matchValue({ a: 7 }, { kind: 'schema', schema: both }).ok).toBe(true);
    expect(matchValue({ a: 3 }, { kind: 'schema', schema: both }).ok).toBe(false);
    expect(matchValue({ a: '9' }, { kind: 'schema', schema: both }).ok).toBe(false);
  });

  it('leaves data alone and keeps the meaning of ordinary patterns', () => {
    const schema = {
      type: 'object',
      properties: {
        pattern: { const: { pattern: '^x$' } },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
        note: { type: 'string', pattern: 'a.c|[(]' },
      },
    };
    expect(matchValue({ pattern: { pattern: '^x$' }, code: 'PAR', note: 'xx(yy' }, { kind: 'schema', schema }).ok).toBe(
      true,
    );
    expect(matchValue({ code: 'par' }, { kind: 'schema', schema }).ok).toBe(false);
    expect(matchValue({ code: 'PAR', note: 'abc' }, { kind: 'schema', schema }).ok).toBe(true);
    expect(matchValue({ note: 'a$c' }, { kind: 'schema', schema }).ok).toBe(true);
    expect(
      matchValue({ code: 'x' }, { kind: 'schema', schema: { properties: { code: { pattern: '(a)\\1' } } } }).why,
    ).toContain('cannot be matched in linear time');
  });
});
