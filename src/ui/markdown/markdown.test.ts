import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

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

  it('makes http links safe to follow', () => {
    const html = render('[docs](https://example.com/a)');
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
  });

  it('renders a javascript: link as text', () => {
    const html = render('[click](javascript:alert(1))');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('href');
    expect(html).toContain('[click](javascript:alert(1))');
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
  });
});
