// Pure: checks that every tool call of an imported history has its one result, and every result its call.
import type { Message, ToolResultBlock, ToolUseBlock } from '../message/message';
import { refuse } from './request-import-error';

/**
 * Each assistant message's `tool_use` blocks must each be answered by one `tool_result` in the next user
 * message — except in `open`, the index of a last assistant message whose calls are still to run. A result with no
 * call before it, a call with no result, or an id used twice is refused, naming where (paths are into `messages`).
 */
export function pairToolCalls(messages: readonly Message[], open: number): void {
  const seen = new Map<string, string>();
  messages.forEach((message, index) => {
    const calls = message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
    if (message.role === 'assistant') {
      calls.forEach((call, at) => {
        const path = `messages[${index}] tool call ${at + 1}`;
        const first = seen.get(call.id);
        if (first !== undefined) refuse(path, 'a call id used once', `“${call.id}” again (first at ${first})`);
        seen.set(call.id, path);
        if (index === open) return;
        const next = messages[index + 1];
        const answered =
          next?.role === 'user' &&
          next.content.some((block) => block.type === 'tool_result' && block.tool_use_id === call.id);
        if (!answered)
          refuse(
            path,
            `a tool_result for “${call.id}” (${call.name}) in the next user message`,
            'none (an unpaired tool call: the history may be cut short)',
          );
      });
      return;
    }
    const before = messages[index - 1];
    const asked = new Set(
      before?.role === 'assistant'
        ? before.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))
        : [],
    );
    const answered = new Set<string>();
    message.content.forEach((block, at) => {
      if (block.type !== 'tool_result') return;
      const result: ToolResultBlock = block;
      const path = `messages[${index}].content[${at}]`;
      if (!asked.has(result.tool_use_id))
        refuse(
          path,
          'a tool_result answering a call of the assistant message just before',
          `a result for “${result.tool_use_id}”, which no call asked for`,
        );
      if (answered.has(result.tool_use_id))
        refuse(path, 'one result per call', `a second result for “${result.tool_use_id}”`);
      answered.add(result.tool_use_id);
    });
  });
}
