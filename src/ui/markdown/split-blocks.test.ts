import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockSplitter, splitBlocks } from './split-blocks';

describe('splitBlocks', () => {
  it('cuts at a blank line before an unindented line, and nowhere else', () => {
    expect(splitBlocks('# A\n\npara\nlazy\n\n    code\n\nnext')).toEqual([
      '# A\n\n',
      'para\nlazy\n\n    code\n\n',
      'next',
    ]);
  });

  it('never cuts inside fenced code, and knows a backtick info string is no fence', () => {
    expect(splitBlocks('```js\na\n\nb\n```\n\nafter')).toEqual(['```js\na\n\nb\n```\n\n', 'after']);
    expect(splitBlocks('~~~~\n```\n\nx\n~~~~\n\ny')).toEqual(['~~~~\n```\n\nx\n~~~~\n\n', 'y']);
    expect(splitBlocks('``` a`b\n\nc')).toEqual(['``` a`b\n\n', 'c']);
    expect(splitBlocks('```\nopen\n\nstill code')).toEqual(['```\nopen\n\nstill code']);
  });

  it('keeps a loose list one block', () => {
    expect(splitBlocks('- a\n\n- b\n\n1. c\n\nafter')).toEqual(['- a\n\n- b\n\n1. c\n\n', 'after']);
  });

  const markdownish = fc
    .array(fc.constantFrom('a', ' ', '\n', '\n\n', '- ', '1. ', '> ', '```', '~~~', '`', '    ', '#', '*', '_'), {
      maxLength: 80,
    })
    .map((parts) => parts.join(''));

  it('streamed in any pieces, gives the same blocks as at once; the blocks make up the text', () => {
    fc.assert(
      fc.property(markdownish, fc.array(fc.nat(), { maxLength: 10 }), (text, cuts) => {
        const splitter = new BlockSplitter();
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((left, right) => left - right);
        for (const point of points) splitter.update(text.slice(0, point));
        const { completed, open } = splitter.update(text);
        const blocks = open === '' ? [...completed] : [...completed, open];
        expect(blocks).toEqual(splitBlocks(text));
        expect(blocks.join('')).toBe(text);
      }),
    );
  });

  it('keeps completed blocks as the same strings while the text grows', () => {
    const splitter = new BlockSplitter();
    const first = splitter.update('one\n\ntwo\n\nthr').completed[0];
    const again = splitter.update('one\n\ntwo\n\nthree and more').completed[0];
    expect(again).toBe(first);
  });

  it('groups completed blocks; a full group stays the same object while the text grows', () => {
    const splitter = new BlockSplitter();
    const text = Array.from({ length: 70 }, (_, index) => `block ${index}\n\n`).join('');
    const before = splitter.update(`${text}more`).groups;
    const after = splitter.update(`${text}more text\n\nand another`).groups;
    expect(before.map((group) => group.blocks.length)).toEqual([32, 32, 6]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after.flatMap((group) => group.blocks).join('')).toBe(`${text}more text\n\n`);
  });

  it('starts again when the text is replaced rather than extended', () => {
    const splitter = new BlockSplitter();
    splitter.update('one\n\ntwo\n\n');
    expect(splitter.update('other\n\nthing').completed).toEqual(['other\n\n']);
  });
});
