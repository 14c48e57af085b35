// The Markdown parser, loaded apart from the first paint: markdown-it, linear on pathological input, with raw
// HTML off (it stays text), no autolinking, and its own nesting bound as a backstop behind `measureNesting`.
import MarkdownIt from 'markdown-it';
import type { Token } from './markdown-token';

const parser = new MarkdownIt('default', { html: false, linkify: false, typographer: false, maxNesting: 64 });

/** The tokens of one top-level block. */
export function parseMarkdown(block: string): Token[] {
  return parser.parse(block, {});
}
