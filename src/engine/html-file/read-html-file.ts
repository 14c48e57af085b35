// Pure: the transcript embedded in an HTML file Loupe exported (buildHtmlFile), as JSON text; nothing else of
// the page is read or trusted.
import { HTML_TRANSCRIPT_ID } from './build-html-file';

const OPENING = `<script type="application/json" id="${HTML_TRANSCRIPT_ID}">`;

/** Whether `text` looks like an HTML document (so an import says what is wrong with it, not that it is bad JSON). */
export function isHtmlText(text: string): boolean {
  return /^\s*(<!doctype html|<html)/i.test(text.slice(0, 200));
}

/**
 * The embedded transcript's JSON text (its \u escapes are valid JSON), or an error message when the page has no
 * single Loupe data block. Only the first block counts: anything after `</script>` is page, never read.
 */
export function readHtmlFile(text: string): { json: string } | { problem: string } {
  const start = text.indexOf(OPENING);
  if (start === -1) return { problem: 'This HTML file holds no Loupe transcript (it was not exported by Loupe).' };
  if (text.indexOf(OPENING, start + OPENING.length) !== -1)
    return { problem: 'This HTML file holds more than one Loupe transcript block.' };
  const from = start + OPENING.length;
  const end = text.indexOf('</script>', from);
  if (end === -1) return { problem: 'The transcript in this HTML file is cut short (no end of its block).' };
  return { json: text.slice(from, end) };
}
