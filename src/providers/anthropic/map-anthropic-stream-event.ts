// Pure: maps the Messages API's raw stream events to the engine's neutral stream parts. No I/O.
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelStreamPart, StopReason, Usage } from '../../engine/model/model';

/** What the mapper remembers between events. Start with `initialAnthropicStreamState`. */
export interface AnthropicStreamState {
  /** Content indexes whose start was emitted (others, like server tool blocks, are skipped). */
  openBlocks: readonly number[];
  usage: Usage;
  stopReason: StopReason | null;
  /** True once `message_stop` arrived: the reply is complete. */
  finished: boolean;
}

export const initialAnthropicStreamState: AnthropicStreamState = {
  openBlocks: [],
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
      return [
        { type: 'tool-use-start', index, id: block.id, name: block.name },
        ...(hasInput ? [{ type: 'tool-input-delta' as const, index, partialJson: JSON.stringify(input) }] : []),
      ];
    }
    case 'redacted_thinking':
      // Opaque and complete at its start; no deltas follow, only content_block_stop.
      return [{ type: 'redacted-thinking', index, data: block.data }];
    default:
      // Server-side tool blocks have no engine counterpart; they are skipped.
      return [];
  }
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
    default:
      // Citations carry no text of their own; the text arrives in text_delta.
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
      const startUsage = withCache(
        { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens },
        usage.cache_creation_input_tokens,
        usage.cache_read_input_tokens,
      );
      return {
        parts: [{ type: 'response-start', id: event.message.id, model: event.message.model, usage: startUsage }],
        state: { ...state, usage: startUsage },
      };
    }
    case 'content_block_start': {
      const parts = startBlock(event);
      const openBlocks = parts.length > 0 ? [...state.openBlocks, event.index] : state.openBlocks;
      return { parts, state: { ...state, openBlocks } };
    }
    case 'content_block_delta':
      return { parts: state.openBlocks.includes(event.index) ? mapDelta(event) : [], state };
    case 'content_block_stop':
      if (!state.openBlocks.includes(event.index)) return { parts: [], state };
      return {
        parts: [{ type: 'block-end', index: event.index }],
        state: { ...state, openBlocks: state.openBlocks.filter((index) => index !== event.index) },
      };
    case 'message_delta': {
      const { usage } = event;
      const next = withCache(
        { inputTokens: usage.input_tokens ?? state.usage.inputTokens, outputTokens: usage.output_tokens },
        usage.cache_creation_input_tokens ?? state.usage.cacheCreationInputTokens,
        usage.cache_read_input_tokens ?? state.usage.cacheReadInputTokens,
      );
      return { parts: [], state: { ...state, usage: next, stopReason: toStopReason(event.delta.stop_reason) } };
    }
    case 'message_stop':
      return {
        parts: [{ type: 'response-end', stopReason: state.stopReason, usage: state.usage }],
        state: { ...state, finished: true },
      };
    default:
      // `ping` and event types added after this SDK version carry nothing the loop needs.
      return { parts: [], state };
  }
}
