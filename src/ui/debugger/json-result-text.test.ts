import { describe, expect, it } from 'vitest';
import { readJsonResult, writeJsonResult } from './json-result-text';

const text = (value: string) => [{ type: 'text' as const, text: value }];

describe('readJsonResult / writeJsonResult', () => {
  it('reads a compact JSON text and writes an edit back compact; an untouched value is the same text', () => {
    const original = '{"city":"Paris","temperatureC":21,"tags":["a","b"]}';
    const read = readJsonResult(text(original));
    expect(read?.layout).toBe('compact');
    expect(read?.pretty).toBe(JSON.stringify(JSON.parse(original), null, 2));
    expect(writeJsonResult(read!.pretty, JSON.parse(read!.pretty), read!.layout)).toBe(original);
    expect(writeJsonResult('', { city: 'Oslo' }, 'compact')).toBe('{"city":"Oslo"}');
  });

  it('keeps an indented layout, and writes an unusual one as typed', () => {
    const indented = JSON.stringify({ a: [1, 2] }, null, 4);
    expect(readJsonResult(text(indented))?.layout).toBe(4);
    const odd = '{ "a" : 1 }';
    const read = readJsonResult(text(odd));
    expect(read?.layout).toBe('as-typed');
    expect(writeJsonResult('{ "a" : 2 }', { a: 2 }, 'as-typed')).toBe('{ "a" : 2 }');
  });

  it('leaves prose, several blocks, images and blank text to the raw editor', () => {
    expect(readJsonResult(text('Sunny in Paris'))).toBeNull();
    expect(readJsonResult(text('  '))).toBeNull();
    expect(readJsonResult([...text('{}'), ...text('{}')])).toBeNull();
    expect(
      readJsonResult([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } }]),
    ).toBeNull();
    expect(readJsonResult([])).toBeNull();
  });

  it('refuses JSON nested too deep to write back rather than throwing', () => {
    expect(readJsonResult(text(`${'['.repeat(20_000)}${']'.repeat(20_000)}`))).toBeNull();
  });
});
