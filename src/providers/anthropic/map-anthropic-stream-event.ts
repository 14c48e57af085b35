// Pure: maps the Messages API's raw stream events to the engine's neutral stream parts. No I/O.
import type Anthropic from '@anthropic-ai/sdk';
import type { ApiJsonObject, ToolUseBlock } from '../../engine/message/message';
import type { ModelStreamPart, StopReason, Usage } from '../../engine/model/model';
import {
  applyApiBlockDelta,
  finishApiBlock,
  isApiBlockStart,
  startApiBlock,
  type PendingApiBlock,
} from './accumulate-api-block';

/** What the mapper remembers between events. Start with `initialAnthropicStreamState`. */
export interface AnthropicStreamState {
  /** Content indexes whose start was emitted as engine parts (text, thinking, tool_use). */
  openBlocks: readonly number[];
  /** Blocks of the API's own being built, by content index; each is emitted whole at its `content_block_stop`. */
  apiBlocks: ReadonlyMap<number, PendingApiBlock>;
  /** The context-management edits the API reported (`message_delta.context_management`), as sent. */
  contextManagement?: ApiJsonObject;
  /** The code execution container this reply ran in (`message_delta.delta.container`), as sent. */
  container?: ApiJsonObject;
  usage: Usage;
  stopReason: StopReason | null;
  /** True once `message_stop` arrived: the reply is complete. */
  finished: boolean;
}

export const initialAnthropicStreamState: AnthropicStreamState = {
  openBlocks: [],
  apiBlocks: new Map(),
  usage: { inputTokens: 0, outputTokens: 0 },
  stopReason: null,
  finished: false,
};

export interface MappedStreamEvent {
  parts: ModelStreamPart[];
  state: AnthropicStreamState;
}

const knownStopReasons: ReadonlySet<string> = new Set([
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal',
]);

function toStopReason(reason: string | null): StopReason | null {
  if (reason === null) return null;
  // A full context window truncates the reply just like max_tokens does, and the loop treats it the same way.
  if (reason === 'model_context_window_exceeded') return 'max_tokens';
  return knownStopReasons.has(reason) ? (reason as StopReason) : null;
}

/** Copies cache counts only when the API reported them, so `exactOptionalPropertyTypes` stays honest. */
function withCache(usage: Usage, creation: number | null | undefined, read: number | null | undefined): Usage {
  const next: Usage = { ...usage };
  if (typeof creation === 'number') next.cacheCreationInputTokens = creation;
  if (typeof read === 'number') next.cacheReadInputTokens = read;
  return next;
}

function startBlock(event: Anthropic.RawContentBlockStartEvent): ModelStreamPart[] {
  const { index, content_block: block } = event;
  switch (block.type) {
    case 'text':
      return [
        { type: 'text-start', index },
        ...(block.text ? [{ type: 'text-delta' as const, index, text: block.text }] : []),
        ...(Array.isArray(block.citations) ? block.citations : []).map((citation) => ({
          type: 'citation' as const,
          index,
          citation: citation as unknown as ApiJsonObject,
        })),
      ];
    case 'thinking':
      return [
        { type: 'thinking-start', index },
        ...(block.thinking ? [{ type: 'thinking-delta' as const, index, thinking: block.thinking }] : []),
        ...(block.signature ? [{ type: 'signature-delta' as const, index, signature: block.signature }] : []),
      ];
    case 'tool_use': {
      const input = block.input as Record<string, unknown> | null;
      const hasInput = input !== null && typeof input === 'object' && Object.keys(input).length > 0;
      const caller = callerOf(block);
      return [
        caller === undefined
          ? { type: 'tool-use-start', index, id: block.id, name: block.name }
          : { type: 'tool-use-start', index, id: block.id, name: block.name, caller },
        ...(hasInput ? [{ type: 'tool-input-delta' as const, index, partialJson: JSON.stringify(input) }] : []),
      ];
    }
    case 'redacted_thinking':
      // Opaque and complete at its start; no deltas follow, only content_block_stop.
      return [{ type: 'redacted-thinking', index, data: block.data }];
    default:
      // Blocks of the API's own are kept whole (see `mapAnthropicStreamEvent`); nothing else gets here.
      return [];
  }
}

/** A tool_use's `caller` (code in the API's sandbox made the call), kept as sent; absent when it sent none. */
function callerOf(block: { caller?: unknown }): ToolUseBlock['caller'] {
  const { caller } = block;
  if (typeof caller !== 'object' || caller === null || Array.isArray(caller)) return undefined;
  return typeof (caller as { type?: unknown }).type === 'string' ? (caller as ToolUseBlock['caller']) : undefined;
}

/** Server tool request counts (`usage.server_tool_use`): the non-negative whole numbers among them. */
function serverToolRequestsOf(usage: unknown): Record<string, number> | undefined {
  const counts = (usage as { server_tool_use?: unknown } | null)?.server_tool_use;
  if (typeof counts !== 'object' || counts === null) return undefined;
  const kept: Record<string, number> = {};
  for (const [key, count] of Object.entries(counts)) {
    if (typeof count === 'number' && Number.isSafeInteger(count) && count >= 0) kept[key] = count;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** `usage` with its server tool request counts when the API reported some (they win over earlier ones). */
function withServerTools(usage: Usage, raw: unknown, earlier: Usage['serverToolRequests']): Usage {
  const counts = serverToolRequestsOf(raw) ?? earlier;
  return counts === undefined ? usage : { ...usage, serverToolRequests: counts };
}

function mapDelta(event: Anthropic.RawContentBlockDeltaEvent): ModelStreamPart[] {
  const { index, delta } = event;
  switch (delta.type) {
    case 'text_delta':
      return [{ type: 'text-delta', index, text: delta.text }];
    case 'input_json_delta':
      return delta.partial_json ? [{ type: 'tool-input-delta', index, partialJson: delta.partial_json }] : [];
    case 'thinking_delta':
      return [{ type: 'thinking-delta', index, thinking: delta.thinking }];
    case 'signature_delta':
      return [{ type: 'signature-delta', index, signature: delta.signature }];
    case 'citations_delta':
      // A source of the text (the text itself arrives in text_delta), kept as the API sent it.
      return [{ type: 'citation', index, citation: delta.citation as unknown as ApiJsonObject }];
    default:
      return [];
  }
}

/**
 * Maps one raw event. `message_start` gives the input usage, `message_delta` the output usage and stop
 * reason (and, on newer API versions, cumulative input counts, which win), `message_stop` ends the reply.
 */
export function mapAnthropicStreamEvent(
  event: Anthropic.RawMessageStreamEvent,
  state: AnthropicStreamState,
): MappedStreamEvent {
  switch (event.type) {
    case 'message_start': {
      const { usage } = event.message;
      const startUsage = withServerTools(
        withCache(
          { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens },
          usage.cache_creation_input_tokens,
          usage.cache_read_input_tokens,
        ),
        usage,
        undefined,
      );
      return {
        parts: [{ type: 'response-start', id: event.message.id, model: event.message.model, usage: startUsage }],
        state: { ...state, usage: startUsage },
      };
    }
    case 'content_block_start': {
      const block: unknown = event.content_block;
      if (isApiBlockStart(block)) {
        const apiBlocks = new Map(state.apiBlocks).set(event.index, startApiBlock(block));
        return { parts: [], state: { ...state, apiBlocks } };
      }
      const parts = startBlock(event);
      const openBlocks = parts.length > 0 ? [...state.openBlocks, event.index] : state.openBlocks;
      return { parts, state: { ...state, openBlocks } };
    }
    case 'content_block_delta': {
      const pending = state.apiBlocks.get(event.index);
      if (pending !== undefined) {
        const apiBlocks = new Map(state.apiBlocks).set(event.index, applyApiBlockDelta(pending, event.delta));
        return { parts: [], state: { ...state, apiBlocks } };
      }
      return { parts: state.openBlocks.includes(event.index) ? mapDelta(event) : [], state };
    }
    case 'content_block_stop': {
      const pending = state.apiBlocks.get(event.index);
      if (pending !== undefined) {
        const apiBlocks = new Map(state.apiBlocks);
        apiBlocks.delete(event.index);
        const parts: ModelStreamPart[] = [
          { type: 'api-block', index: event.index, block: finishApiBlock(pending) },
          { type: 'block-end', index: event.index },
        ];
        return { parts, state: { ...state, apiBlocks } };
      }
      if (!state.openBlocks.includes(event.index)) return { parts: [], state };
      return {
        parts: [{ type: 'block-end', index: event.index }],
        state: { ...state, openBlocks: state.openBlocks.filter((index) => index !== event.index) },
      };
    }
    case 'message_delta': {
      const { usage } = event;
      const next = withServerTools(
        withCache(
          { inputTokens: usage.input_tokens ?? state.usage.inputTokens, outputTokens: usage.output_tokens },
          usage.cache_creation_input_tokens ?? state.usage.cacheCreationInputTokens,
          usage.cache_read_input_tokens ?? state.usage.cacheReadInputTokens,
        ),
        usage,
        state.usage.serverToolRequests,
      );
      // The beta field: the edits the API made to this request's context before the model read it.
      const edits: unknown = (event as { context_management?: unknown }).context_management;
      const contextManagement = isObject(edits) ? edits : state.contextManagement;
      const stopReason = toStopReason(event.delta.stop_reason);
      const given: unknown = (event.delta as { container?: unknown }).container;
      const container = isObject(given) && typeof given['id'] === 'string' ? given : state.container;
      return {
        parts: [],
        state: {
          ...state,
          usage: next,
          stopReason,
          ...(contextManagement ? { contextManagement } : {}),
          ...(container ? { container } : {}),
        },
      };
    }
    case 'message_stop':
      return {
        parts: [
          {
            type: 'response-end',
            stopReason: state.stopReason,
            usage: state.usage,
            ...(state.contextManagement === undefined ? {} : { contextManagement: state.contextManagement }),
            ...(state.container === undefined ? {} : { container: state.container }),
          },
        ],
        state: { ...state, finished: true },
      };
    default:
      // `ping` and event types added after this SDK version carry nothing the loop needs.
      return { parts: [], state };
  }
}

function isObject(value: unknown): value is ApiJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
