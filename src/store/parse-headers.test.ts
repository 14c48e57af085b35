import { describe, expect, it } from 'vitest';
import { parseHeaders } from './parse-headers';

describe('parseHeaders', () => {
  it('reads one header per line and skips blank lines', () => {
    expect(parseHeaders('Authorization: Bearer abc:def\n\n X-Team : core ')).toEqual({
      headers: { Authorization: 'Bearer abc:def', 'X-Team': 'core' },
      problems: [],
    });
  });

  it('reports lines that are not headers', () => {
    expect(parseHeaders('just text\nBad Name: x').problems).toEqual([
      'Line 1 is not a header: write it as "Name: value".',
      'Line 2 is not a header: write it as "Name: value".',
    ]);
  });

  it('keeps headers named after Object.prototype members as headers', () => {
    const { headers, problems } = parseHeaders('__proto__: a\nconstructor: b\ntoString: c');
    expect(problems).toEqual([]);
    expect(Object.keys(headers)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(headers['constructor']).toBe('b');
  });
});
