// Pure: text from a transcript (anyone's: a model, a server, a file someone sent) made inert in a Markdown
// report, so no viewer renders a link, an image (a tracking pixel), raw HTML or a heading the text did not earn.

/** Line and paragraph breaks and other control characters: one inline value stays on its line. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go.
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * Characters that start inline Markdown syntax that matters on one line of a list item: emphasis, code, links
 * and images (`[`), raw HTML and autolinks (`<`), entities. CommonMark takes a backslash before any of them.
 */
const INLINE_SYNTAX = /[\\`*_~[\]<>&]/g;

/** `text` as plain inline Markdown: one line, every character that could start syntax escaped. */
export function inlineText(text: string): string {
  return text.replace(BREAKS, ' ').replace(INLINE_SYNTAX, '\\$&');
}

/** `text` as one inline code span that nothing in it can close early. */
export function codeSpan(text: string): string {
  const flat = text.replace(BREAKS, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length));
  const marks = '`'.repeat(longest + 1);
  // A space each side keeps a leading or trailing backtick off the fence (CommonMark strips one space each side).
  return `${marks} ${flat} ${marks}`;
}

/** A fenced block long enough that the content cannot close it early. */
export function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language}\n${text}\n${marks}`;
}

/**
 * True when Markdown `text` could make a viewer render raw HTML, an autolink, a link or an image: a `<`, a
 * `](` or `][` (inline and reference links and images), or a `]:` (a link reference definition). Deliberately
 * coarse — code spans are not told apart — so a look-alike inside code only costs the formatting.
 */
export function hasActiveMarkdown(text: string): boolean {
  return /<|\]\s*[([]|\]:/.test(text);
}

/**
 * Model-written Markdown for the report: kept as Markdown when it can only format, else shown as a plain
 * fenced block under a one-line note, so its HTML, links and images are text to read, never to follow.
 */
export function modelMarkdown(text: string): string {
  if (!hasActiveMarkdown(text)) return text;
  return `_Shown as plain text: it contains HTML, links or images._\n\n${fence(text)}`;
}
