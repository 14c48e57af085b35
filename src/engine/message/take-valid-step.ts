// Pure: the pairing walk's fast path — a step that needs no repair is taken as it is. No I/O, no clock.
import type { ContentBlock, Message } from './message';
import type { SeenToolUseIds } from './repair-history';
import { earlierServerCalls, findServerBlockProblems, rememberServerCalls } from './server-block-pairs';

const isEmptyText = (block: ContentBlock): boolean => block.type === 'text' && block.text.length === 0;

/**
 * The step `pairStep` would take at `index` of role-alternating `messages` (user and assistant roles, content
 * lists), when the repair would change nothing in it: the messages themselves, their tool_use ids added to
 * `seen`. Undefined (and `seen` untouched) when the step needs `pairStep`: an empty message or empty text
 * block, a misplaced block, a repeated id, a call with no result message after it yet, results missing, out of
 * order or not first, a result whose content is not a list, an error result with non-text content.
 */
export function takeValidStep(
  messages: readonly Message[],
  index: number,
  seen: SeenToolUseIds,
): Message[] | undefined {
  const message = messages[index];
  if (message === undefined || message.content.length === 0 || message.content.some(isEmptyText)) return undefined;
  if (hasServerProblem(message, index === messages.length - 1, seen)) return undefined;
  if (message.role === 'user')
    return message.content.some((block) => block.type === 'tool_result' || block.type === 'tool_use')
      ? undefined
      : [message];
  const ids: string[] = [];
  for (const block of message.content) {
    if (block.type === 'tool_result') return undefined;
    if (block.type === 'tool_use') {
      if (seen.has(block.id) || ids.includes(block.id)) return undefined;
      ids.push(block.id);
    }
  }
  if (ids.length === 0) {
    rememberServerCalls(message.content, seen);
    return [message];
  }
  const results = messages[index + 1];
  if (results === undefined || !areResultsFor(ids, results.content)) return undefined;
  if (hasServerProblem(results, index + 1 === messages.length - 1, seen)) return undefined;
  for (const id of ids) seen.add(id);
  rememberServerCalls(message.content, seen);
  return [message, results];
}

/** Whether the API's own blocks in `message` break their pairing rules (only messages holding one are walked). */
function hasServerProblem(message: Message, isLast: boolean, seen: SeenToolUseIds): boolean {
  if (!message.content.some((block) => block.type === 'api_block')) return false;
  return findServerBlockProblems(message.content, message.role, isLast, earlierServerCalls(seen)).length > 0;
}

/** Whether `content` opens with one result per id, in order, and holds nothing else a repair would touch. */
function areResultsFor(ids: readonly string[], content: readonly ContentBlock[]): boolean {
  if (content.length < ids.length) return false;
  for (let position = 0; position < content.length; position += 1) {
    const block = content[position] as ContentBlock;
    if (position >= ids.length) {
      if (block.type === 'tool_result' || block.type === 'tool_use' || isEmptyText(block)) return false;
      continue;
    }
    if (block.type !== 'tool_result' || block.tool_use_id !== ids[position]) return false;
    const parts: unknown = block.content;
    if (!Array.isArray(parts)) return false;
    if (block.is_error === true && (parts as { type: string }[]).some((part) => part.type !== 'text')) return false;
  }
  return true;
}
