// Pure: builds the assistant message from streamed blocks. No I/O.
import type { ApiBlock, ApiJsonObject, ContentBlock, TextBlock, ToolUseBlock } from '../message/message';
import type { StopReason } from '../model/model';
import { parseToolInput } from './parse-tool-input';

/** One content block as it streamed in, keyed by its index in the reply. */
export type StreamedBlock =
  | { kind: 'text'; text: string; ended: boolean; citations?: ApiJsonObject[] }
  | { kind: 'thinking'; thinking: string; signature: string; ended: boolean }
  | { kind: 'redacted_thinking'; data: string; ended: boolean }
  | { kind: 'tool_use'; id: string; name: string; json: string; ended: boolean; caller?: ToolUseBlock['caller'] }
  /** A block of the API's own, whole as it came (see `ApiBlock`). */
  | { kind: 'api'; block: ApiBlock['block']; ended: boolean };

/** A tool call the model asked for; `inputError` set means it must not run. */
export interface PlannedToolCall {
  callId: string;
  name: string;
  input: Record<string, unknown>;
  inputError?: string;
  /** The streamed JSON was malformed and leniently repaired. */
  repaired?: boolean;
}

/** Why the message is being assembled: a finished reply, a cancel, or a failed model call. */
export type AssemblyMode =
  { kind: 'complete'; stopReason: StopReason | null } | { kind: 'cancelled' } | { kind: 'failed' };

/** The content of a cancelled reply that had nothing complete, so the message is never empty. */
export const INTERRUPTED_PLACEHOLDER = '[interrupted before any content]';
/** Result text of a tool call whose JSON input was cut off by `max_tokens`. */
export const TRUNCATED_INPUT_MESSAGE =
  'The tool input was truncated by max_tokens before it was complete, so the tool was not called. Call it again with shorter input.';

/**
 * The content to commit and the calls to answer. Complete: every block (a tool call whose JSON did not
 * finish under `max_tokens` is kept with `{}` input and an input error). Cancelled: text so far and
 * finished tool calls only, never empty. Failed: text only (possibly empty, meaning nothing to commit).
 * Empty text blocks and empty unsigned thinking are never committed: the API refuses them. Thinking
 * with text but no signature comes from providers that sign nothing (Chat Completions reasoning) and is
 * kept with `signature: ''`; adapters that need a signature leave such blocks out. Redacted thinking
 * is kept whole (except in a failed reply), since the API requires it back unchanged.
 */
export function assembleAssistantMessage(
  blocks: ReadonlyMap<number, StreamedBlock>,
  mode: AssemblyMode,
): { content: ContentBlock[]; toolCalls: PlannedToolCall[] } {
  const content: ContentBlock[] = [];
  const toolCalls: PlannedToolCall[] = [];
  for (const block of inIndexOrder(blocks)) {
    if (block.kind === 'text') {
      if (block.text.length > 0) content.push(textBlock(block));
      continue;
    }
    if (mode.kind === 'failed') continue;
    if (block.kind === 'api') {
      // Whole when it arrived; the API wants it back as it sent it (server calls with their results).
      content.push({ type: 'api_block', block: block.block });
      continue;
    }
    if (block.kind === 'thinking') {
      if (block.ended && (block.signature.length > 0 || block.thinking.length > 0)) {
        content.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
      }
      continue;
    }
    if (block.kind === 'redacted_thinking') {
      // It arrives whole and opaque; the API wants it back byte for byte, so it is stored as it came.
      content.push({ type: 'redacted_thinking', data: block.data });
      continue;
    }
    if (mode.kind === 'cancelled' && !block.ended) continue;
    const call = planToolCall(block, mode);
    const use: ToolUseBlock = { type: 'tool_use', id: call.callId, name: call.name, input: call.input };
    // A call made from code in the API's sandbox names that code's call; the API needs it back.
    if (block.caller !== undefined) use.caller = block.caller;
    content.push(use);
    toolCalls.push(call);
  }
  if (mode.kind === 'cancelled' && content.length === 0) content.push({ type: 'text', text: INTERRUPTED_PLACEHOLDER });
  return { content, toolCalls };
}

/** A streamed text block as committed: its citations (kept as the API sent them) only when it had any. */
function textBlock(block: Extract<StreamedBlock, { kind: 'text' }>): TextBlock {
  return block.citations === undefined
    ? { type: 'text', text: block.text }
    : { type: 'text', text: block.text, citations: block.citations };
}

/** The blocks by index. Providers stream them in order, so the sorted copy is only made when they did not. */
function inIndexOrder(blocks: ReadonlyMap<number, StreamedBlock>): Iterable<StreamedBlock> {
  let previous = -Infinity;
  for (const index of blocks.keys()) {
    if (index < previous)
      return [...blocks.entries()].sort(([left], [right]) => left - right).map(([, block]) => block);
    previous = index;
  }
  return blocks.values();
}

/**
 * The call a tool_use block asks for. A block cut by `max_tokens` is never repaired (its input is
 * incomplete, not malformed); a finished block's malformed JSON is repaired leniently when it can be.
 */
export function planToolCall(block: Extract<StreamedBlock, { kind: 'tool_use' }>, mode: AssemblyMode): PlannedToolCall {
  const truncated = mode.kind === 'complete' && mode.stopReason === 'max_tokens' && !block.ended;
  const parsed = parseToolInput(block.json, { repair: block.ended && !truncated });
  // Literals in the call's key order, `repaired` set when present: this runs for every call.
  if (parsed.ok) {
    const call: PlannedToolCall = { callId: block.id, name: block.name, input: parsed.input };
    if (parsed.repaired === true) call.repaired = true;
    return call;
  }
  const cut = mode.kind === 'complete' && mode.stopReason === 'max_tokens';
  return { callId: block.id, name: block.name, input: {}, inputError: cut ? TRUNCATED_INPUT_MESSAGE : parsed.message };
}
