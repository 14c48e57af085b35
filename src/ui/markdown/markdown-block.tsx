// One top-level block: parsed within the limits, or shown as plain text saying why.
import { memo } from 'react';
import type { ReactNode } from 'react';
import { MAX_BLOCK_CHARS, MAX_NESTING } from './markdown-limits';
import { measureNesting } from './measure-nesting';
import type { ParseMarkdown } from './markdown-parser';
import { renderTokens } from './render-tokens';

/** The rendering of one block, or the reason it is shown as text. */
export type BlockRendering = { nodes: ReactNode[] } | { fallback: string };

/** Parses `block` unless it is past a limit; a parser that throws is a fallback too, never an error. */
export function renderBlock(block: string, parse: ParseMarkdown | null): BlockRendering {
  if (parse === null) return { fallback: '' };
  if (block.length > MAX_BLOCK_CHARS)
    return { fallback: `shown as plain text: this part is ${block.length.toLocaleString('en')} characters long` };
  if (measureNesting(block, MAX_NESTING) > MAX_NESTING)
    return { fallback: `shown as plain text: it nests more than ${MAX_NESTING} levels deep` };
  try {
    return { nodes: renderTokens(parse(block)) };
  } catch (error) {
    return {
      fallback: `shown as plain text: it could not be formatted (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/** Plain text, as typed, with a discreet note of why (none while the parser is still loading). */
export function PlainTextBlock({ text, reason }: { text: string; reason: string }) {
  return (
    <div className="my-1.5">
      <p className="whitespace-pre-wrap">{text}</p>
      {reason !== '' && <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400 italic">Markdown {reason}.</p>}
    </div>
  );
}

/** A completed block: memoised on its text, so a streamed reply parses each finished block once. */
export const MarkdownBlock = memo(function MarkdownBlock({
  text,
  parse,
}: {
  text: string;
  parse: ParseMarkdown | null;
}) {
  const rendering = renderBlock(text, parse);
  return 'nodes' in rendering ? <>{rendering.nodes}</> : <PlainTextBlock text={text} reason={rendering.fallback} />;
});
