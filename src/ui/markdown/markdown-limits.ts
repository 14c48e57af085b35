// The bounds Markdown rendering keeps, whatever a model or a tool sends (DESIGN: rendering never takes the app down).

/** A top-level block longer than this is shown as plain text: one block is parsed in one go on the main thread. */
export const MAX_BLOCK_CHARS = 32_000;

/** Blocks that start past this many characters are shown as plain text (the DOM of one reply stays bounded). */
export const MAX_MARKDOWN_CHARS = 400_000;

/** Containers (block quotes, list items) nested deeper than this in one block: that block is shown as plain text. */
export const MAX_NESTING = 12;

/**
 * While a reply streams, its trailing (still open) block is re-parsed on every change while it is at most this
 * long; a longer one only each time it has grown by {@link OPEN_BLOCK_GROWTH}, its newest part shown as text
 * meanwhile. The total parsing work of a stream then stays linear in its length.
 */
export const OPEN_BLOCK_REPARSE_CHARS = 2_000;

/** See {@link OPEN_BLOCK_REPARSE_CHARS}. */
export const OPEN_BLOCK_GROWTH = 1.25;
