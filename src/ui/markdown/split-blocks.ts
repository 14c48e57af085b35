// Cuts Markdown into top-level blocks, incrementally: a streamed reply is only ever scanned once.
// A block ends at a blank line followed by an unindented line, outside fenced code. A blank line before a list
// item that continues a list does not cut (the list stays one block, loose or tight as written).

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/** Completed blocks in runs of this many: a group that is full never changes, so React skips it whole. */
const GROUP_SIZE = 32;

/** A run of consecutive completed blocks and where each starts. Never mutated once made. */
export interface BlockGroup {
  readonly blocks: readonly string[];
  readonly starts: readonly number[];
}

const EMPTY_GROUP: BlockGroup = { blocks: [], starts: [] };

/** What `update` returns. */
export interface SplitText {
  completed: readonly string[];
  starts: readonly number[];
  /** The completed blocks grouped: every group but the last is the same object from update to update. */
  groups: readonly BlockGroup[];
  open: string;
  openStart: number;
}

interface Fence {
  marker: string;
  length: number;
}

/** Whether `line` closes the fence opened by `fence`: the same character, at least as many, nothing after. */
function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE.exec(line);
  if (match === null) return false;
  const run = match[1] ?? '';
  return run[0] === fence.marker && run.length >= fence.length && line.slice(match[0].length).trim() === '';
}

const isBlank = (line: string): boolean => line.trim() === '';

/**
 * The blocks of one growing text. `update(text)` takes the whole text each time; when it extends the previous
 * one, only the lines that are new are scanned. Completed blocks keep their string identity across updates,
 * so a memoised renderer parses each of them once.
 */
export class BlockSplitter {
  private text = '';
  /** Completed blocks, in order, and where each starts. */
  private readonly completed: string[] = [];
  private readonly starts: number[] = [];
  private readonly sealed: BlockGroup[] = [];
  private tail: BlockGroup = EMPTY_GROUP;
  /** Where the open (trailing) block starts, and where the first line not yet scanned starts. */
  private openStart = 0;
  private lineStart = 0;
  private fence: Fence | null = null;
  private previousBlank = false;
  private openIsList = false;
  private openHasLine = false;

  /** Takes the whole current text; returns the completed blocks and the open one. */
  update(text: string): SplitText {
    if (!(text.length >= this.text.length && text.startsWith(this.text))) this.reset();
    this.text = text;
    this.scan();
    const last = text.slice(this.lineStart);
    if (this.fence === null && this.lineStart > this.openStart && this.startsBlock(last)) {
      // The unterminated last line already starts a new block: the one before it is shown as complete
      // (not committed: the line may still turn out otherwise, say `1` becoming `1. `).
      const before = text.slice(this.openStart, this.lineStart);
      const tail = { blocks: [...this.tail.blocks, before], starts: [...this.tail.starts, this.openStart] };
      return {
        completed: [...this.completed, before],
        starts: [...this.starts, this.openStart],
        groups: [...this.sealed, tail],
        open: last,
        openStart: this.lineStart,
      };
    }
    return {
      completed: this.completed,
      starts: this.starts,
      groups: this.tail.blocks.length === 0 ? [...this.sealed] : [...this.sealed, this.tail],
      open: text.slice(this.openStart),
      openStart: this.openStart,
    };
  }

  /** Whether `line`, after the lines scanned so far, starts a new top-level block. */
  private startsBlock(line: string): boolean {
    const unindented = !isBlank(line) && line[0] !== ' ' && line[0] !== '\t';
    return this.previousBlank && unindented && this.openHasLine && !(this.openIsList && LIST_ITEM.test(line));
  }

  private reset(): void {
    this.completed.length = 0;
    this.starts.length = 0;
    this.sealed.length = 0;
    this.tail = EMPTY_GROUP;
    this.openStart = 0;
    this.lineStart = 0;
    this.fence = null;
    this.previousBlank = false;
    this.openIsList = false;
    this.openHasLine = false;
  }

  private complete(block: string, start: number): void {
    this.completed.push(block);
    this.starts.push(start);
    this.tail = { blocks: [...this.tail.blocks, block], starts: [...this.tail.starts, start] };
    if (this.tail.blocks.length === GROUP_SIZE) {
      this.sealed.push(this.tail);
      this.tail = EMPTY_GROUP;
    }
  }

  /** Scans each complete line from `lineStart` on; an unterminated last line waits for its newline. */
  private scan(): void {
    const { text } = this;
    for (let end = text.indexOf('\n', this.lineStart); end !== -1; end = text.indexOf('\n', this.lineStart)) {
      this.scanLine(text.slice(this.lineStart, end), this.lineStart);
      this.lineStart = end + 1;
    }
  }

  private scanLine(line: string, at: number): void {
    if (this.fence !== null) {
      if (closesFence(line, this.fence)) this.fence = null;
      return;
    }
    const blank = isBlank(line);
    const listItem = !blank && LIST_ITEM.test(line);
    if (this.startsBlock(line)) {
      this.complete(this.text.slice(this.openStart, at), this.openStart);
      this.openStart = at;
      this.openHasLine = false;
    }
    if (!blank && !this.openHasLine) {
      this.openHasLine = true;
      this.openIsList = listItem;
    }
    const fence = FENCE.exec(line);
    if (fence !== null) {
      const run = fence[1] ?? '';
      // A backtick fence's info string may not contain a backtick (CommonMark); then it is inline code.
      const info = line.slice(fence[0].length);
      if (!(run[0] === '`' && info.includes('`'))) this.fence = { marker: run[0] ?? '`', length: run.length };
    }
    this.previousBlank = blank;
  }
}

/** The top-level blocks of `text` (a one-off split; see {@link BlockSplitter} for streaming). */
export function splitBlocks(text: string): string[] {
  const { completed, open } = new BlockSplitter().update(text);
  return open === '' ? [...completed] : [...completed, open];
}
