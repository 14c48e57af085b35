// Pure: shortens the oldest tool results to a marker the model can read. No I/O.
import type { Message, ToolResultBlock } from '../message/message';
import { estimateJsonTokens } from '../../shared/estimate-tokens';
import type { CompactableSpan } from './find-compactable-span';

/** The start of every trim marker: a result that begins with it is not trimmed again. */
export const TRIM_MARKER_PREFIX = '[Compacted by Loupe:';
/** Characters of a trimmed result's text kept before the marker, so the model still sees what it was. */
export const TRIM_KEEP_CHARS = 200;
/** Results at or below this estimate are left alone: trimming them would save nothing. */
const TRIM_MIN_TOKENS = 60;

/** What `trimToolResults` did. */
export interface TrimOutcome {
  messages: Message[];
  /** Tool results shortened. */
  trimmed: number;
  /** Estimated tokens removed. */
  savedTokens: number;
}

/**
 * Shortens tool results inside `span`, oldest first, to their first `TRIM_KEEP_CHARS` characters of text and a
 * marker naming the tool and what was removed, until `tokensToSave` are saved (all of them when undefined).
 * Each `tool_result` keeps its id and `is_error`; images and documents are dropped. Never mutates its input.
 */
export function trimToolResults(
  messages: readonly Message[],
  span: CompactableSpan,
  tokensToSave: number | undefined,
): TrimOutcome {
  const names = new Map<string, string>();
  let trimmed = 0;
  let savedTokens = 0;
  const next = messages.map((message, index) => {
    if (index < span.start || index >= span.end) return message;
    let changed = false;
    const content = message.content.map((block) => {
      if (block.type === 'tool_use') names.set(block.id, block.name);
      if (block.type !== 'tool_result') return block;
      if (tokensToSave !== undefined && savedTokens >= tokensToSave) return block;
      const shortened = shortenResult(block, names.get(block.tool_use_id) ?? 'the tool');
      if (shortened === undefined) return block;
      savedTokens += estimateJsonTokens(block) - estimateJsonTokens(shortened);
      trimmed += 1;
      changed = true;
      return shortened;
    });
    return changed ? { role: message.role, content } : message;
  });
  return { messages: next, trimmed, savedTokens };
}

function shortenResult(block: ToolResultBlock, name: string): ToolResultBlock | undefined {
  const text = block.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  if (text.startsWith(TRIM_MARKER_PREFIX) || estimateJsonTokens(block) <= TRIM_MIN_TOKENS) return undefined;
  const media = block.content.length - block.content.filter((part) => part.type === 'text').length;
  const head = text.slice(0, TRIM_KEEP_CHARS);
  const removed = [
    `${(text.length - head.length).toLocaleString('en-US')} characters`,
    ...(media > 0 ? [`${media} image or document part${media === 1 ? '' : 's'}`] : []),
  ].join(' and ');
  const marker = `${TRIM_MARKER_PREFIX} this result of ${name} was shortened to save context; ${removed} removed. Call the tool again if you need it whole.]`;
  return {
    type: 'tool_result',
    tool_use_id: block.tool_use_id,
    content: [{ type: 'text', text: head === '' ? marker : `${marker}\n${head}…` }],
    ...(block.is_error === undefined ? {} : { is_error: block.is_error }),
  };
}
