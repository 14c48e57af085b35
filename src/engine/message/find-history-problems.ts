// Pure: checks a history against the Messages API pairing rules. No I/O, no clock.
import type { ContentBlock, Message, ToolResultBlock } from './message';
import { findServerBlockProblems, serverCallIds } from './server-block-pairs';

/**
 * Every way `messages` would be refused by the Messages API (or break ENGINE-SPEC rule 4), as plain
 * sentences; empty when the history is valid. An empty history is valid (nothing to send yet).
 */
export function findHistoryProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  const seenToolUseIds = new Set<string>();
  const serverCalls = new Set<string>();
  let expectedResultIds: string[] = [];

  messages.forEach((message, index) => {
    const where = `Message ${index + 1} (${message.role})`;
    const content: readonly ContentBlock[] = Array.isArray(message.content) ? message.content : [];
    if (index === 0 && message.role !== 'user') problems.push(`${where}: the first message must come from the user.`);
    if (index > 0 && messages[index - 1]?.role === message.role) {
      problems.push(`${where}: follows another ${message.role} message; roles must alternate.`);
    }
    if (content.length === 0) problems.push(`${where}: has no content.`);
    content.forEach((block, blockIndex) => {
      if (block.type === 'text' && block.text.length === 0) {
        problems.push(`${where}: block ${blockIndex + 1} is an empty text block.`);
      }
    });
    const isLast = index === messages.length - 1;
    for (const problem of findServerBlockProblems(content, message.role, isLast, serverCalls))
      problems.push(`${where}: ${problem}.`);
    for (const id of serverCallIds(content)) serverCalls.add(id);

    if (message.role === 'user') {
      problems.push(...findResultProblems(where, content, expectedResultIds));
      expectedResultIds = [];
      return;
    }
    if (expectedResultIds.length > 0) {
      problems.push(`${where}: the previous assistant message's tool calls have no results.`);
    }
    expectedResultIds = [];
    for (const block of content) {
      if (block.type === 'tool_result') problems.push(`${where}: holds a tool_result; only user messages may.`);
      if (block.type !== 'tool_use') continue;
      if (seenToolUseIds.has(block.id)) problems.push(`${where}: tool_use id '${block.id}' is used twice.`);
      seenToolUseIds.add(block.id);
      expectedResultIds.push(block.id);
    }
  });
  if (expectedResultIds.length > 0) {
    problems.push(`The last message has tool calls (${expectedResultIds.join(', ')}) with no results.`);
  }
  return problems;
}

/** True when `messages` has no problem `findHistoryProblems` can see. */
export function isValidHistory(messages: readonly Message[]): boolean {
  return findHistoryProblems(messages).length === 0;
}

function findResultProblems(where: string, content: readonly ContentBlock[], expectedIds: readonly string[]): string[] {
  const problems: string[] = [];
  const leading = content.slice(0, expectedIds.length);
  const leadingIds = leading.map((block) => (block.type === 'tool_result' ? block.tool_use_id : null));
  if (expectedIds.some((id, position) => leadingIds[position] !== id)) {
    problems.push(
      `${where}: must open with results for ${expectedIds.join(', ')} in that order; found ${leadingIds.map((id) => id ?? 'other content').join(', ') || 'nothing'}.`,
    );
  }
  content.forEach((block, blockIndex) => {
    if (block.type === 'tool_use') problems.push(`${where}: holds a tool_use; only assistant messages may.`);
    if (block.type !== 'tool_result') return;
    if (blockIndex >= expectedIds.length) {
      problems.push(`${where}: tool_result for '${block.tool_use_id}' has no matching tool_use just before it.`);
    }
    if (hasNonTextErrorContent(block)) {
      problems.push(`${where}: error result for '${block.tool_use_id}' carries non-text content.`);
    }
  });
  return problems;
}

function hasNonTextErrorContent(block: ToolResultBlock): boolean {
  return block.is_error === true && Array.isArray(block.content) && block.content.some((part) => part.type !== 'text');
}
