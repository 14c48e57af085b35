// Pure: which part of a history compaction may touch. No I/O.
import type { Message } from '../message/message';

/** The messages `[start, end)` compaction may rewrite; everything from `end` on is kept as it is. */
export interface CompactableSpan {
  start: number;
  end: number;
}

/**
 * The oldest rounds of `messages` that compaction may rewrite, or undefined when there are none. The first
 * user message (the task) is kept, and so are the current round (the last assistant message and what
 * follows) and the `keepRounds` rounds before it. The span ends just before an assistant message, so every
 * `tool_use` inside it has its `tool_result` inside it too (they go together, ENGINE-SPEC rule 28).
 */
export function findCompactableSpan(messages: readonly Message[], keepRounds: number): CompactableSpan | undefined {
  const replies = messages.flatMap((message, index) => (message.role === 'assistant' ? [index] : []));
  const end = replies[replies.length - 1 - Math.max(0, keepRounds)];
  const start = messages[0]?.role === 'user' ? 1 : 0;
  if (end === undefined || end <= start) return undefined;
  return { start, end };
}
