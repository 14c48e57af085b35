import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseToolInput } from './parse-tool-input';
import { repairJson } from './repair-json';

/** The former quadratic implementation, kept as the oracle the linear one must agree with. */
function referenceRepair(text: string): string | undefined {
  let out = '';
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const char of text) {
    if (inString) {
      out += char;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') stack.push(char === '{' ? '}' : ']');
    else if (char === '}' || char === ']') {
      out = out.replace(/,\s*$/, '');
      stack.pop();
    }
    out += char;
  }
  if (inString) out += escaped ? '\\"' : '"';
  out = out.replace(/[\s,]+$/, '');
  if (out.endsWith(':')) out += 'null';
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    out = out.replace(/,\s*$/, '');
    out += stack[index];
  }
  try {
    JSON.parse(out);
    return out;
  } catch {
    return undefined;
  }
}

const N = 200_000;

describe('repairJson on pathological shapes (200,000 characters each, linear time)', () => {
  it('closing brackets with nothing open are not JSON', () => {
    expect(repairJson('}'.repeat(N))).toBeUndefined();
    expect(repairJson(']'.repeat(N))).toBeUndefined();
    expect(repairJson('{"a":1' + '}'.repeat(N))).toBeUndefined();
  });

  it('closes 200,000 open arrays in order', () => {
    expect(repairJson('['.repeat(N))).toBe('['.repeat(N) + ']'.repeat(N));
    expect(repairJson('[1,'.repeat(N / 4))).toBe('[1,'.repeat(N / 4 - 1) + '[1' + ']'.repeat(N / 4));
  });

  it('refuses 200,000 open objects without keys', () => {
    expect(repairJson('{'.repeat(N))).toBeUndefined();
  });

  it('drops a run of trailing commas and whitespace', () => {
    expect(repairJson('{"a":1' + ','.repeat(N))).toBe('{"a":1}');
    expect(repairJson('[1' + ' ,'.repeat(N / 2))).toBe('[1]');
    expect(repairJson('[1' + ' '.repeat(N) + ',')).toBe('[1]');
    expect(repairJson('[' + ' '.repeat(N) + ']')).toBe('[' + ' '.repeat(N) + ']');
  });

  it('removes each trailing comma before a close, 50,000 times', () => {
    const text = '[' + '[1,],'.repeat(N / 5);
    expect(repairJson(text)).toBe('[' + '[1],'.repeat(N / 5 - 1) + '[1]]');
  });

  it('closes a 200,000-character string, escapes included', () => {
    expect(repairJson('{"a":"' + 'x'.repeat(N))).toBe('{"a":"' + 'x'.repeat(N) + '"}');
    expect(repairJson('{"a":"' + '\\\\'.repeat(N / 2))).toBe('{"a":"' + '\\\\'.repeat(N / 2) + '"}');
    expect(repairJson('{"a":"' + '}'.repeat(N))).toBe('{"a":"' + '}'.repeat(N) + '"}');
  });

  it('ends a dangling key with null and gives up on garbage', () => {
    expect(repairJson('{"a":' + ' '.repeat(N))).toBe('{"a":null}');
    expect(repairJson(':'.repeat(N))).toBeUndefined();
    expect(repairJson('x'.repeat(N))).toBeUndefined();
  });
});

describe('repairJson agrees with the former implementation', () => {
  const alphabet = fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', ' ', '\n', '1', 'a', '"k":', 'null');
  it('on random strings built from JSON punctuation', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(repairJson(text)).toBe(referenceRepair(text));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('on truncated JSON documents, whose repair always parses', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(), (value, cut) => {
        const json = JSON.stringify(value, null, cut % 2 === 0 ? undefined : 1);
        const text = json.slice(0, cut % (json.length + 1));
        const repaired = repairJson(text);
        expect(repaired).toBe(referenceRepair(text));
        if (repaired !== undefined) expect(() => JSON.parse(repaired) as unknown).not.toThrow();
      }),
      { numRuns: 2000, seed: 12 },
    );
  });
});

describe('parseToolInput depth limit', () => {
  it('accepts 64 levels and refuses 65 with a plain message, before parsing', () => {
    const nested = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
    expect(parseToolInput(nested(64))).toMatchObject({ ok: true });
    const refused = parseToolInput(nested(65));
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('more than 64 levels deep') as string });
  });

  it('refuses 100,000 levels of repaired input instead of overflowing the stack later', () => {
    const outcome = parseToolInput('{"a":' + '['.repeat(100_000), { repair: true });
    expect(outcome).toMatchObject({ ok: false });
  });

  it('does not count brackets inside strings', () => {
    expect(parseToolInput(JSON.stringify({ text: '['.repeat(N) }))).toMatchObject({ ok: true });
  });
});
