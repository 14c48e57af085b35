// A cheap upper bound on how deeply block containers nest in a block, so deep nesting never reaches the parser.

const MARKER = /^(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;
const FENCE = /^(`{3,}|~{3,})/;

interface LineDepth {
  depth: number;
  /** Where the line's content starts (after markers and indentation), from the line's start. */
  offset: number;
  /** Columns of indentation since the last marker: four or more make indented code, never a fence. */
  indent: number;
}

/**
 * An upper bound on the container depth (block quotes and list items) of any line of `block`, outside fenced
 * code: markers at the start of a line plus one level per two columns of indentation (a nested list item is
 * indented at least two columns). Errs on the deep side; stops counting past `limit`; linear in `block`.
 */
export function measureNesting(block: string, limit: number): number {
  let deepest = 0;
  let inFence = false;
  let lineStart = 0;
  for (;;) {
    const newline = block.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? block.length : newline;
    const line = lineDepth(block, lineStart, lineEnd, limit);
    const fence = line.indent < 4 ? FENCE.exec(block.slice(lineStart + line.offset, lineEnd)) : null;
    // A backtick fence whose info string holds a backtick is inline code, not a fence (CommonMark).
    const opensOrCloses =
      fence !== null &&
      !(fence[0][0] === '`' && block.slice(lineStart + line.offset + fence[0].length, lineEnd).includes('`'));
    if (opensOrCloses) inFence = !inFence;
    else if (!inFence) deepest = Math.max(deepest, line.depth);
    if (deepest > limit || newline === -1) return deepest;
    lineStart = newline + 1;
  }
}

/** The depth one line claims. */
function lineDepth(text: string, start: number, end: number, limit: number): LineDepth {
  let depth = 0;
  let columns = 0;
  let indent = 0;
  let at = start;
  while (at < end && depth + Math.floor(columns / 2) <= limit) {
    const char = text[at];
    if (char === ' ' || char === '\t') {
      const width = char === ' ' ? 1 : 4;
      columns += width;
      indent += width;
      at += 1;
      continue;
    }
    const marker = MARKER.exec(text.slice(at, Math.min(end, at + 11)));
    if (marker === null) break;
    depth += 1;
    indent = 0;
    at += marker[0].length;
  }
  return { depth: depth + Math.floor(columns / 2), offset: at - start, indent };
}
