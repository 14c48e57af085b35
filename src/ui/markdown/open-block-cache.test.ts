import { describe, expect, it } from 'vitest';
import { OpenBlockCache } from './open-block-cache';
import type { ParseMarkdown } from './markdown-parser';

/** A parser that counts the characters it was given. */
function countingParser(): { parse: ParseMarkdown; parsed: () => number } {
  let total = 0;
  return {
    parse: (block) => {
      total += block.length;
      return [];
    },
    parsed: () => total,
  };
}

describe('OpenBlockCache', () => {
  it('parses a long streamed block with work linear in its length', () => {
    const { parse, parsed } = countingParser();
    const cache = new OpenBlockCache();
    const text = 'word '.repeat(16_000); // 80 KB, one paragraph
    for (let end = 40; end <= text.length; end += 40) cache.viewOf(text.slice(0, end), 0, parse, true);
    // Re-parsing on every 40-character delta would cost ~80 MB; geometric re-parsing stays a small multiple.
    expect(parsed()).toBeLessThan(text.length * 8);
  });

  it('shows the newest part as text until the next parse, and parses everything when the stream ends', () => {
    const { parse, parsed } = countingParser();
    const cache = new OpenBlockCache();
    cache.viewOf('a'.repeat(4_000), 0, parse, true);
    const meanwhile = cache.viewOf('a'.repeat(4_100), 0, parse, true);
    expect(meanwhile.tail).toBe('a'.repeat(100));
    expect(parsed()).toBe(4_000);
    const done = cache.viewOf('a'.repeat(4_100), 0, parse, false);
    expect(done.tail).toBe('');
    expect(done.parsedText.length).toBe(4_100);
  });

  it('parses a short open block on every change', () => {
    const { parse, parsed } = countingParser();
    const cache = new OpenBlockCache();
    cache.viewOf('ab', 0, parse, true);
    expect(cache.viewOf('abc', 0, parse, true).tail).toBe('');
    expect(parsed()).toBe(5);
  });
});
