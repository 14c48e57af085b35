// The trailing block of a streamed reply: re-parsed each change while short, then only at geometric growth.
import { OPEN_BLOCK_GROWTH, OPEN_BLOCK_REPARSE_CHARS } from './markdown-limits';
import type { ParseMarkdown } from './markdown-parser';
import { renderBlock } from './markdown-block';
import type { BlockRendering } from './markdown-block';

/** What to show for the open block: the rendering of its first `parsedLength` characters, then the rest as text. */
export interface OpenBlockView {
  rendering: BlockRendering;
  parsedText: string;
  tail: string;
}

/**
 * Re-parsing only at growth by a constant factor keeps the total work of a stream linear: the parsed lengths
 * form a geometric series. When the stream ends (`streaming` false) the whole block is parsed.
 */
export class OpenBlockCache {
  private start = -1;
  private parse: ParseMarkdown | null = null;
  private view: OpenBlockView | null = null;

  viewOf(text: string, start: number, parse: ParseMarkdown | null, streaming: boolean): OpenBlockView {
    const last = this.view;
    if (last !== null && this.start === start && this.parse === parse && text.startsWith(last.parsedText)) {
      if (last.parsedText === text) return last;
      const grown =
        text.length <= OPEN_BLOCK_REPARSE_CHARS || text.length >= last.parsedText.length * OPEN_BLOCK_GROWTH;
      if (streaming && !grown) return { ...last, tail: text.slice(last.parsedText.length) };
    }
    this.start = start;
    this.parse = parse;
    this.view = { rendering: renderBlock(text, parse), parsedText: text, tail: '' };
    return this.view;
  }
}
