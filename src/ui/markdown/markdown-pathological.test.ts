// Hostile Markdown: each input renders (no throw) and within the limits; sizes both past and under the block
// limit, so the parser itself is exercised. No timings are asserted (the machine may be loaded).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { MAX_BLOCK_CHARS } from './markdown-limits';
import { loadMarkdownParser } from './markdown-parser';

const render = (text: string, streaming = false) => renderToStaticMarkup(createElement(Markdown, { text, streaming }));

beforeAll(async () => {
  expect(await loadMarkdownParser()).not.toBeNull();
});

const nestedList = (depth: number) =>
  Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n');

const hostile: Record<string, (size: number) => string> = {
  'block quote markers': (size) => '>'.repeat(size),
  'spaced quote markers': (size) => '> '.repeat(size / 2),
  'emphasis runs': (size) => '_a'.repeat(size / 2),
  'star runs': (size) => '*'.repeat(size),
  'star emphasis': (size) => '*a'.repeat(size / 2),
  'open brackets': (size) => '['.repeat(size),
  'nested brackets': (size) => `${'[['.repeat(size / 8)}${']]'.repeat(size / 8)}`,
  'unfinished links': (size) => '[a]('.repeat(size / 4),
  backticks: (size) => '`'.repeat(size),
  'backtick runs': (size) => '`a'.repeat(size / 2),
  'angle brackets': (size) => '<a'.repeat(size / 2),
  backslashes: (size) => '\\'.repeat(size),
  'list markers on one line': (size) => '- '.repeat(size / 2),
  'deeply nested list': (size) => nestedList(Math.floor(Math.sqrt(size) * 0.9)),
  'table cells': (size) => `${'|a'.repeat(size / 4)}\n${'|-'.repeat(size / 4)}`,
  'reference definitions': (size) => '[a]: b\n'.repeat(size / 7),
  'unclosed fences': (size) => '```\n'.repeat(size / 4),
};

describe('Markdown with hostile input', () => {
  it.each(Object.keys(hostile))('renders %s past the block limit as plain text', (name) => {
    const html = render((hostile[name] as (size: number) => string)(100_000));
    expect(html).toContain('Markdown shown as plain text');
  });

  it.each(Object.keys(hostile))('renders %s under the block limit through the parser', (name) => {
    const text = (hostile[name] as (size: number) => string)(MAX_BLOCK_CHARS - 8);
    expect(text.length).toBeLessThanOrEqual(MAX_BLOCK_CHARS);
    const html = render(text);
    expect(html.length).toBeGreaterThan(0);
    expect(html).not.toContain('could not be formatted');
  });

  it('renders 20 kB of > and 50,000 emphasis runs while streaming too', () => {
    expect(render('>'.repeat(20_000), true)).toContain('nests more than 12 levels deep');
    expect(render('_a'.repeat(50_000), true)).toContain('100,000 characters long');
  });

  it('renders a reply made of many pathological blocks, each bounded on its own', () => {
    const text = Array.from({ length: 40 }, (_, index) => `${'> '.repeat(index)}_a_a **b`).join('\n\n');
    const html = render(text);
    expect(html).toContain('<blockquote');
    expect(html).toContain('nests more than 12 levels deep');
  });

  it('shows text past the total limit as plain text', () => {
    const html = render(`${'word '.repeat(99_000)}\n\n`.repeat(5));
    expect(html).toContain('shown as plain text after the first 400,000 characters');
  });
});
