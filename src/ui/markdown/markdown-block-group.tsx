// A run of completed blocks, memoised as a whole: a long reply re-renders only its last group and open block.
// Off screen, a group is neither laid out nor painted (content-visibility), so each update of a streamed reply
// costs the same at 80 KB as at 5 KB; it stays in the accessibility tree and in find-in-page.
import { memo } from 'react';
import { MAX_MARKDOWN_CHARS } from './markdown-limits';
import { MarkdownBlock } from './markdown-block';
import type { ParseMarkdown } from './markdown-parser';
import type { BlockGroup } from './split-blocks';

/** The group's blocks that start within the total limit (the rest is shown as plain text by `Markdown`). */
export const MarkdownBlockGroup = memo(function MarkdownBlockGroup({
  group,
  parse,
}: {
  group: BlockGroup;
  parse: ParseMarkdown | null;
}) {
  return (
    <div className="[contain-intrinsic-size:auto_800px] [content-visibility:auto]">
      {group.blocks.map((block, index) => {
        const start = group.starts[index] ?? 0;
        return start < MAX_MARKDOWN_CHARS ? <MarkdownBlock key={start} text={block} parse={parse} /> : null;
      })}
    </div>
  );
});
