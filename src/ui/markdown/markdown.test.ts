import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { loadMarkdownParser } from './markdown-parser';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

beforeAll(async () => {
  expect(await loadMarkdownParser()).not.toBeNull();
});

describe('Markdown', () => {
  it('renders headings, emphasis, lists and code', () => {
    const html = render('# Title\n\nSome **bold** and *em* and `code`.\n\n- one\n- two\n\n```js\nlet a = 1 < 2;\n```');
    expect(html).toContain('<h3');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('>code</code>');
    expect(html).toMatch(/<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(html).toContain('let a = 1 &lt; 2;');
  });

  it('keeps a loose list one list, and a fenced block with blank lines one block', () => {
    const html = render('1. one\n\n2. two\n\n```\na\n\n\nb\n```\n\nafter');
    expect(html.match(/<ol/g)).toHaveLength(1);
    expect(html).toContain('<code>a\n\n\nb\n</code>');
    expect(html).toContain('<p class="my-1.5">after</p>');
  });

  it('renders tables and strikethrough', () => {
    const html = render('| a | b |\n|:-|-:|\n| 1 | ~~2~~ |');
    expect(html).toContain('<table');
    expect(html).toContain('style="text-align:right"');
    expect(html).toContain('<s>2</s>');
  });

  it('makes http links safe to follow', () => {
    const html = render('[docs](https://example.com/a)');
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:x', 'data:text/html,<script>alert(1)</script>'])(
    'renders a %s link as text',
    (href) => {
      const html = render(`[click](${href}) and <${href}>`);
      expect(html).not.toContain('<a');
      expect(html).not.toContain('href');
    },
  );

  it('renders a relative or entity-obfuscated link without an href', () => {
    const html = render('[a](/local) [b](&#106;avascript:alert(1)) [c](java\\script:x)');
    expect(html).not.toContain('href');
  });

  it('renders raw script and img onerror HTML as text', () => {
    const html = render('<script>alert(1)</script>\n\nHello <img src=x onerror="alert(2)"> there');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('renders images as their source text, never fetching them', () => {
    const html = render('![x](https://evil.example/track.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('![x](https://evil.example/track.png)');
  });

  it('falls back to plain text, saying so, for a block nested too deeply', () => {
    const html = render(`fine\n\n${'> '.repeat(20)}deep`);
    expect(html).toContain('<p class="my-1.5">fine</p>');
    expect(html).toContain('nests more than 12 levels deep');
    expect(html).not.toContain('<blockquote');
  });

  it('nests quotes and lists up to the limit', () => {
    const list = Array.from({ length: 6 }, (_, level) => `${'  '.repeat(level)}- level ${level}`).join('\n');
    const html = render(`${'> '.repeat(4)}quoted\n\n${list}`);
    expect(html.match(/<blockquote/g)).toHaveLength(4);
    expect(html.match(/<ul/g)).toHaveLength(6);
    expect(html).not.toContain('plain text');
  });
});
