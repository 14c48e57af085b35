// Pure and total: turns any history into one the Messages API accepts. No I/O, no clock.
import { isValidHistory } from './find-history-problems';
import { earlierServerCalls, pairServerBlocks, rememberServerCalls } from './server-block-pairs';
import type { ContentBlock, Message, Role, ToolResultBlock, ToolResultContentBlock, ToolUseBlock } from './message';

/** What `repairHistory` returns: the repaired copy and one plain sentence per change. */
export interface HistoryRepair {
  messages: Message[];
  changes: string[];
}

/** Text of the result given to a tool call that has none (ENGINE-SPEC rule 5). */
export const ORPHAN_RESULT_TEXT = 'Cancelled: no result was recorded for this call (the run was interrupted).';
const EMPTY_MESSAGE_TEXT = '[empty message]';
const CONVERSATION_START_TEXT = '[conversation start]';
const STRIPPED_ERROR_TEXT = '[non-text content removed from an error result]';

/**
 * ENGINE-SPEC rule 5. Never throws and never mutates its input. In order: drops empty text blocks,
 * merges consecutive same-role messages, makes the first message a user message, pairs every
 * `tool_use` with exactly one `tool_result` in the next user message (model's order, results first;
 * orphans get a `cancelled` error result; unmatched or duplicate results are dropped), strips non-text
 * content from error results and fills empty messages. A valid history comes back equal, with no changes.
 */
export function repairHistory(messages: readonly Message[]): HistoryRepair {
  const changes: string[] = [];
  const normalized = messages.map((message, index) => normalizeMessage(message, index, changes));
  const merged = mergeSameRole(normalized, changes);
  if (merged[0]?.role === 'assistant') {
    merged.unshift(conversationStart());
    changes.push('The history started with an assistant message; added a user message before it.');
  }
  const paired = pairToolResults(merged, changes);
  const filled = paired.map((message, index) => fillEmpty(message, index, changes));
  return { messages: filled, changes };
}

/**
 * `repairHistory` for a caller that owns `messages` (a file just parsed): a history that needs no repair comes
 * back as it is — the same array and messages, with no changes — without the copies the repair makes of every
 * message and result (on a cold worker, 70–120 ms of a 2,000-round import). "Needs no repair": valid by the
 * API's rules (`isValidHistory`) and in the exact shape the repair writes (messages of just a role and a content
 * list, results with a content list), so the repair would give back an equal history; a property test holds
 * the two to that.
 */
export function repairOwnedHistory(messages: Message[]): HistoryRepair {
  return messages.every(hasRepairedShape) && isValidHistory(messages)
    ? { messages, changes: [] }
    : repairHistory(messages);
}

function hasRepairedShape(message: Message): boolean {
  if (message.role !== 'user' && message.role !== 'assistant') return false;
  if (!Array.isArray(message.content) || Object.keys(message).length !== 2) return false;
  return message.content.every((block) => block.type !== 'tool_result' || Array.isArray(block.content));
}

/** `message`, or a placeholder text in its place when it has no content. */
export function fillEmpty(message: Message, index: number, changes: string[]): Message {
  if (message.content.length > 0) return message;
  changes.push(`Message ${index + 1} (${message.role}) was empty; filled it with a placeholder text.`);
  return { role: message.role, content: [{ type: 'text', text: EMPTY_MESSAGE_TEXT }] };
}

/** The user message put before a history that starts with an assistant message. */
export const conversationStart = (): Message => ({
  role: 'user',
  content: [{ type: 'text', text: CONVERSATION_START_TEXT }],
});

/** A message with its role made `user` or `assistant`, its content a list, its empty text blocks gone. */
export function normalizeMessage(message: Message, index: number, changes: string[]): Message {
  const role: Role = message.role === 'assistant' ? 'assistant' : 'user';
  const raw: unknown = message.content;
  let content: ContentBlock[];
  if (typeof raw === 'string') {
    content = raw.length > 0 ? [{ type: 'text', text: raw }] : [];
    changes.push(`Message ${index + 1} had plain-string content; turned it into a text block.`);
  } else if (Array.isArray(raw)) {
    content = (raw as ContentBlock[]).filter((block) => !(block.type === 'text' && block.text.length === 0));
    if (content.length < raw.length) changes.push(`Message ${index + 1} had empty text blocks; removed them.`);
  } else {
    content = [];
    changes.push(`Message ${index + 1} had no content list; gave it an empty one.`);
  }
  return { role, content };
}

function mergeSameRole(messages: readonly Message[], changes: string[]): Message[] {
  const merged: Message[] = [];
  messages.forEach((message, index) => {
    const last = merged[merged.length - 1];
    if (last?.role !== message.role) {
      merged.push({ role: message.role, content: [...message.content] });
      return;
    }
    last.content.push(...message.content);
    changes.push(`Message ${index + 1} (${message.role}) followed another ${message.role} message; merged them.`);
  });
  return merged;
}

function pairToolResults(messages: readonly Message[], changes: string[]): Message[] {
  const output: Message[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < messages.length;) {
    const step = pairStep(messages, index, seen, output.length + 1, changes);
    output.push(...step.messages);
    index = step.next;
  }
  return output;
}

/** The tool_use ids a pairing walk has kept so far (a later `tool_use` with one of them is a repeat). */
export interface SeenToolUseIds {
  has(id: string): boolean;
  add(id: string): void;
}

/**
 * One step of the pairing walk over normalized, role-alternating `messages`: the message at `index` —
 * and, for an assistant message with tool calls, the next one, which becomes their results — repaired
 * and filled. `position` is the 1-based place of the first output message (for the change sentences).
 * `repairHistory` is these steps from the start; an incremental history takes them one at a time.
 */
export function pairStep(
  messages: readonly Message[],
  index: number,
  seen: SeenToolUseIds,
  position: number,
  changes: string[],
): { messages: Message[]; next: number } {
  const message = messages[index];
  if (!message) return { messages: [], next: index + 1 };
  const where = `Message ${position} (${message.role})`;
  if (message.role === 'user') {
    const kept = keepNonResults(message.content, where, changes);
    return {
      messages: [{ role: 'user', content: pairServerBlocks(kept, 'user', false, where, changes) }],
      next: index + 1,
    };
  }
  const paired = message.content.filter((block) => {
    if (block.type === 'tool_result') {
      changes.push(`${where} held a tool_result for '${block.tool_use_id}'; removed it.`);
      return false;
    }
    if (block.type !== 'tool_use') return true;
    if (seen.has(block.id)) {
      changes.push(`${where} reused tool_use id '${block.id}'; removed the repeat.`);
      return false;
    }
    seen.add(block.id);
    return true;
  });
  const toolUses = paired.filter((block): block is ToolUseBlock => block.type === 'tool_use');
  // Server calls answered in the message itself, in a later one (code waiting on tool results), or paused: the last
  // message, when no results message will follow it.
  const isLast = index === messages.length - 1 && toolUses.length === 0;
  const content = pairServerBlocks(paired, 'assistant', isLast, where, changes, earlierServerCalls(seen));
  rememberServerCalls(content, seen);
  const assistant: Message = { role: 'assistant', content };
  if (toolUses.length === 0) return { messages: [assistant], next: index + 1 };
  const next = messages[index + 1];
  const answers = answerToolUses(toolUses, next?.content ?? [], position + 1, changes);
  const results: Message = {
    role: 'user',
    content: pairServerBlocks(answers, 'user', false, `Message ${position + 1} (user)`, changes),
  };
  return { messages: [assistant, results], next: next ? index + 2 : index + 1 };
}

function keepNonResults(content: readonly ContentBlock[], where: string, changes: string[]): ContentBlock[] {
  return content.filter((block) => {
    if (block.type === 'tool_result') {
      changes.push(
        `${where} held a tool_result for '${block.tool_use_id}' with no matching tool_use just before it; removed it.`,
      );
      return false;
    }
    if (block.type === 'tool_use') {
      changes.push(`${where} held a tool_use '${block.id}'; only assistant messages may, so it was removed.`);
      return false;
    }
    return true;
  });
}

function answerToolUses(
  toolUses: readonly ToolUseBlock[],
  content: readonly ContentBlock[],
  position: number,
  changes: string[],
): ContentBlock[] {
  const where = `Message ${position} (user)`;
  const wanted = new Set(toolUses.map((block) => block.id));
  const results = new Map<string, ToolResultBlock>();
  const foundOrder: string[] = [];
  let resultAfterOther = false;
  let sawOther = false;
  for (const block of content) {
    if (block.type !== 'tool_result') continue;
    if (!wanted.has(block.tool_use_id) || results.has(block.tool_use_id)) continue;
    results.set(block.tool_use_id, sanitizeResult(block, where, changes));
    foundOrder.push(block.tool_use_id);
  }
  for (const block of content) {
    if (block.type === 'tool_result') resultAfterOther ||= sawOther;
    else sawOther = true;
  }
  const others = keepNonResults(
    content.filter(
      (block) => block.type !== 'tool_result' || !results.has(block.tool_use_id) || !isFirst(content, block),
    ),
    where,
    changes,
  );
  const expectedOrder = toolUses.map((block) => block.id).filter((id) => results.has(id));
  if (expectedOrder.join('\u0000') !== foundOrder.join('\u0000')) {
    changes.push(`${where}: put the tool results into the order of the model's tool calls.`);
  }
  if (resultAfterOther && others.length > 0) changes.push(`${where}: moved the tool results before other content.`);
  const ordered = toolUses.map((toolUse): ToolResultBlock => {
    const found = results.get(toolUse.id);
    if (found) return found;
    changes.push(`Tool call '${toolUse.id}' (${toolUse.name}) had no result; answered it as cancelled.`);
    return {
      type: 'tool_result',
      tool_use_id: toolUse.id,
      content: [{ type: 'text', text: ORPHAN_RESULT_TEXT }],
      is_error: true,
    };
  });
  return [...ordered, ...others];
}

/** True when `block` is the first tool_result in `content` for its id (later ones are duplicates). */
function isFirst(content: readonly ContentBlock[], block: ToolResultBlock): boolean {
  return content.find((other) => other.type === 'tool_result' && other.tool_use_id === block.tool_use_id) === block;
}

function sanitizeResult(block: ToolResultBlock, where: string, changes: string[]): ToolResultBlock {
  const raw: unknown = block.content;
  let content: ToolResultContentBlock[];
  if (Array.isArray(raw)) content = raw as ToolResultContentBlock[];
  else if (typeof raw === 'string' && raw.length > 0) content = [{ type: 'text', text: raw }];
  else content = [];
  if (block.is_error === true && content.some((part) => part.type !== 'text')) {
    changes.push(`${where}: removed non-text content from the error result for '${block.tool_use_id}'.`);
    content = content.filter((part) => part.type === 'text');
    if (content.length === 0) content = [{ type: 'text', text: STRIPPED_ERROR_TEXT }];
  }
  if (content !== raw) return { ...block, content };
  return { ...block };
}
