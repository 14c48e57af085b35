// The request as Hugging Face chat templates take it: OpenAI-style messages (`tool_calls` on the assistant,
// one `role: 'tool'` message per result) and tools as `{type: 'function', function: {…}}`. Pure.
import type { ContentBlock, Message } from '../../../engine/message/message';
import type { ToolDefinition } from '../../../engine/model/model';
import { convertHistoryToText } from '../../prompted/convert-history-to-text';

export interface TemplateToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: Record<string, unknown> };
}

export type TemplateMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: TemplateToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string; name: string };

export interface TemplateTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A 9-character alphanumeric id for `id`, the same every time: Mistral's templates refuse any other call id
 * ("Tool call IDs should be alphanumeric strings with length 9!"); the others do not print ids at all.
 */
export function templateCallId(id: string): string {
  // Two FNV-1a passes with different seeds give 64 bits, plenty for the calls of one conversation.
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let index = 0; index < id.length; index += 1) {
    low = Math.imul(low ^ id.charCodeAt(index), 0x01000193) >>> 0;
    high = Math.imul(high ^ id.charCodeAt(index), 0x811c9dc5) >>> 0;
  }
  let value = BigInt(high) * 0x100000000n + BigInt(low);
  let out = '';
  for (let index = 0; index < 9; index += 1) {
    out += ALPHANUMERIC[Number(value % 62n)];
    value /= 62n;
  }
  return out;
}

/** The text of blocks a template can show; tool traffic and what has no text go through the prompted wording. */
function textOf(blocks: readonly ContentBlock[]): string {
  return convertHistoryToText([{ role: 'user', content: [...blocks] }])
    .flatMap((message) => message.content)
    .map((block) => (block.type === 'text' ? block.text : block.type === 'image' ? '[image]' : ''))
    .join('');
}

function resultText(block: Extract<ContentBlock, { type: 'tool_result' }>): string {
  const text = textOf(block.content);
  return block.is_error ? `Error: ${text || '(no details)'}` : text;
}

/** `messages` (and the system prompt) as template messages; thinking is not sent back, as the templates drop it. */
export function toTemplateMessages(system: string | undefined, messages: readonly Message[]): TemplateMessage[] {
  const names = new Map<string, string>();
  const out: TemplateMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      const calls: TemplateToolCall[] = [];
      const rest: ContentBlock[] = [];
      for (const block of message.content) {
        if (block.type === 'tool_use') {
          names.set(block.id, block.name);
          calls.push({
            id: templateCallId(block.id),
            type: 'function',
            function: { name: block.name, arguments: block.input },
          });
        } else if (block.type !== 'thinking' && block.type !== 'redacted_thinking') rest.push(block);
      }
      const content = textOf(rest);
      out.push(calls.length > 0 ? { role: 'assistant', content, tool_calls: calls } : { role: 'assistant', content });
      continue;
    }
    const rest: ContentBlock[] = [];
    for (const block of message.content) {
      if (block.type !== 'tool_result') {
        rest.push(block);
        continue;
      }
      out.push({
        role: 'tool',
        content: resultText(block),
        tool_call_id: templateCallId(block.tool_use_id),
        name: names.get(block.tool_use_id) ?? 'tool',
      });
    }
    const content = textOf(rest);
    if (content !== '' || rest.length > 0 || message.content.length === 0) out.push({ role: 'user', content });
  }
  return out;
}

/** The tools as the templates list them. */
export function toTemplateTools(tools: readonly ToolDefinition[]): TemplateTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
  }));
}

/** The messages with the system prompt moved to the top of the first user message (templates without a system role). */
export function foldSystemIntoFirstUser(messages: readonly TemplateMessage[]): TemplateMessage[] {
  const [first, ...rest] = messages;
  if (first?.role !== 'system') return [...messages];
  const index = rest.findIndex((message) => message.role === 'user');
  if (index === -1) return [{ role: 'user', content: first.content }, ...rest];
  return rest.map((message, at) =>
    at === index ? { role: 'user', content: `${first.content}\n\n${message.content}` } : message,
  );
}

/**
 * Each assistant turn with several calls as one turn per call, each followed by its result: the history a
 * one-call-per-turn template (Llama 3.x) can show. Results stay in the calls' order.
 */
export function splitParallelCalls(messages: readonly TemplateMessage[]): TemplateMessage[] {
  const out: TemplateMessage[] = [];
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    if (message === undefined) continue;
    if (message.role !== 'assistant' || (message.tool_calls?.length ?? 0) < 2) {
      out.push(message);
      continue;
    }
    const results = new Map<string, TemplateMessage>();
    let next = index + 1;
    for (let after = messages[next]; after?.role === 'tool'; after = messages[++next])
      results.set(after.tool_call_id, after);
    for (const [at, call] of (message.tool_calls ?? []).entries()) {
      out.push({ role: 'assistant', content: at === 0 ? message.content : '', tool_calls: [call] });
      const result = results.get(call.id);
      if (result !== undefined) out.push(result);
    }
    index = next - 1;
  }
  return out;
}
