// Model output as sanitised Markdown, linear while streaming: the text is cut into top-level blocks; completed
// blocks are parsed once (memoised, their strings kept), only the trailing open block is parsed again as the
// text grows, and React renders the latest text once per store flush (at most one per 100 ms while a reply
// streams: create-event-batcher.ts). The text is not deferred: a deferred render is a second commit, layout and
// paint per flush, and a flush's render is small (only the open block is new work).
import { useState } from 'react';
import { BlockSplitter } from './split-blocks';
import { MAX_MARKDOWN_CHARS } from './markdown-limits';
import { PlainTextBlock } from './markdown-block';
import { MarkdownBlockGroup } from './markdown-block-group';
import { useMarkdownParser } from './markdown-parser';
import { OpenBlockCache } from './open-block-cache';

interface MarkdownProps {
  text: string;
  /** While true the text is still growing: a long open block is re-parsed only as it grows (see OpenBlockCache). */
  streaming?: boolean;
}

/** Renders `text` as Markdown without any HTML passthrough; only http(s)/mailto links are live. */
export function Markdown({ text, streaming = false }: MarkdownProps) {
  const parse = useMarkdownParser();
  const shown = text;
  const [splitter] = useState(() => new BlockSplitter());
  const [openCache] = useState(() => new OpenBlockCache());
  const { groups, open, openStart } = splitter.update(shown);

  // Where the text past the total limit starts (it is shown as plain text), if it has come that far.
  const beyondStart =
    groups.flatMap((group) => group.starts.find((start) => start >= MAX_MARKDOWN_CHARS) ?? [])[0] ??
    (openStart >= MAX_MARKDOWN_CHARS ? openStart : undefined);
  const openView = beyondStart === undefined ? openCache.viewOf(open, openStart, parse, streaming) : null;
  return (
    <div className="break-words">
      {groups.map((group) => (
        <MarkdownBlockGroup key={group.starts[0]} group={group} parse={parse} />
      ))}
      {openView !== null && 'nodes' in openView.rendering && openView.rendering.nodes}
      {openView !== null && 'fallback' in openView.rendering && (
        <PlainTextBlock text={openView.parsedText} reason={openView.rendering.fallback} />
      )}
      {openView !== null && openView.tail !== '' && <span className="whitespace-pre-wrap">{openView.tail}</span>}
      {beyondStart !== undefined && (
        <PlainTextBlock
          text={shown.slice(beyondStart)}
          reason={`shown as plain text after the first ${MAX_MARKDOWN_CHARS.toLocaleString('en')} characters`}
        />
      )}
    </div>
  );
}
