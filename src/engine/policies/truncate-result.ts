// Pure: cuts a very large result before it reaches the model (ENGINE-SPEC rule 20). No I/O.
import type { ToolResultContentBlock } from '../message/message';

/** The cut result, or the original when it fits. `totalChars` counts the text of every part. */
export interface TruncatedResult {
  content: ToolResultContentBlock[];
  truncated: boolean;
  totalChars: number;
}

/**
 * Keeps at most `maxChars` characters of text (images pass through and do not count), cutting the part
 * that crosses the cap and dropping later text, then adds a marker saying how much was kept.
 */
export function truncateResult(content: readonly ToolResultContentBlock[], maxChars: number): TruncatedResult {
  const totalChars = countResultChars(content);
  if (totalChars <= maxChars) return { content: [...content], truncated: false, totalChars };
  let left = maxChars;
  const kept: ToolResultContentBlock[] = [];
  for (const part of content) {
    if (part.type !== 'text') {
      kept.push(part);
      continue;
    }
    if (left <= 0) continue;
    kept.push(part.text.length <= left ? part : { type: 'text', text: part.text.slice(0, left) });
    left -= part.text.length;
  }
  kept.push({
    type: 'text',
    text: `[… result cut: the first ${maxChars} of ${totalChars} characters are shown. Ask for less (a filter, a page) if you need the rest.]`,
  });
  return { content: kept, truncated: true, totalChars };
}

/** The characters of text in `content` (images do not count): what `truncateResult` measures against its cap. */
export function countResultChars(content: readonly ToolResultContentBlock[]): number {
  let total = 0;
  for (const part of content) if (part.type === 'text') total += part.text.length;
  return total;
}
