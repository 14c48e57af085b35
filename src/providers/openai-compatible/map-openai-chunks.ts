// Maps streamed Chat Completions chunks to the engine's neutral stream parts. Pure: no I/O.
import {
  ModelError,
  STREAM_LOST_ERROR_TYPE,
  type ModelStreamPart,
  type StopReason,
  type Usage,
} from '../../engine/model/model';
import type { OpenAIChunk, OpenAIDelta, OpenAIToolCallDelta, OpenAIUsage } from './openai-wire-types';

interface CallState {
  blockIndex: number;
  id: string;
  name: string;
  /** Arguments that arrived before the name did (tool-use-start needs the name). */
  pending: string;
  started: boolean;
}

/** Turns chunks into parts; `finish` closes the reply once the stream is over. */
export interface OpenAIStreamMapper {
  map(chunk: OpenAIChunk): ModelStreamPart[];
  /**
   * Ends open blocks and emits `response-end`. `sawDone` says the stream ended with `data: [DONE]`.
   * Throws a ModelError when the stream stopped before the reply was complete.
   */
  finish(sawDone: boolean): ModelStreamPart[];
}

/**
 * Usage as the engine counts it. Chat Completions counts cached tokens inside `prompt_tokens`; Loupe (like
 * the Messages API) counts them apart, so cached tokens move from input to cache reads and each is priced once.
 */
export function toEngineUsage(usage: OpenAIUsage): Usage {
  const prompt = usage.prompt_tokens ?? 0;
  const cached = usage.prompt_tokens_details?.cached_tokens ?? undefined;
  const result: Usage = {
    inputTokens: Math.max(0, prompt - (cached ?? 0)),
    outputTokens: usage.completion_tokens ?? 0,
  };
  if (typeof cached === 'number') result.cacheReadInputTokens = cached;
  return result;
}

function toStopReason(reason: string | null, hasCalls: boolean): StopReason | null {
  if (reason === 'length') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  // Some local servers (older Ollama, LM Studio) say `stop` even when the reply holds tool calls.
  if (hasCalls) return 'tool_use';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_use';
  return 'end_turn';
}

function argumentsPiece(delta: OpenAIToolCallDelta): string {
  const value: unknown = delta.function?.arguments;
  if (value === undefined || value === null) return '';
  // A few servers send the arguments as an object in one piece instead of a JSON string.
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The reasoning piece of a delta. llama.cpp, DeepSeek and LM Studio name it `reasoning_content`; vLLM, Ollama
 * and OpenRouter `reasoning` — and some send both with the same text, so one is read, never both.
 */
function reasoningPiece(delta: OpenAIDelta | undefined): string {
  const primary: unknown = delta?.reasoning_content;
  if (typeof primary === 'string' && primary !== '') return primary;
  const secondary: unknown = delta?.reasoning;
  return typeof secondary === 'string' ? secondary : '';
}

const isBlank = (text: string): boolean => /^\s*$/.test(text);

/** The text of content parts `[{ type: 'text', text }]`; anything else in the array is skipped. */
function partsText(parts: unknown[]): string {
  return parts
    .map((part) => {
      const { type, text } = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
      return type === 'text' && typeof text === 'string' ? text : '';
    })
    .join('');
}

/**
 * A delta's `content`: a string, or (Mistral's reasoning models) an array of parts where `thinking` parts carry
 * the reasoning as text parts of their own. Anything else a broken server sends is no content.
 */
function contentPieces(content: unknown): { text: string; reasoning: string } {
  if (typeof content === 'string') return { text: content, reasoning: '' };
  if (!Array.isArray(content)) return { text: '', reasoning: '' };
  const reasoning = content.map((part: unknown) => {
    const { type, thinking } = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
    if (type !== 'thinking') return '';
    return typeof thinking === 'string' ? thinking : Array.isArray(thinking) ? partsText(thinking) : '';
  });
  return { text: partsText(content), reasoning: reasoning.join('') };
}

/** A mapper for one reply. `createId` names tool calls a server sent without an id. */
export function createOpenAIStreamMapper(createId: () => string): OpenAIStreamMapper {
  let started = false;
  let nextIndex = 0;
  let textIndex: number | undefined;
  let thinkingIndex: number | undefined;
  /**
   * Whitespace-only text not yet emitted. Reasoning templates put a stray `"\n"` between the thinking and the
   * tool call; it is held until real text follows (then sent first, so the text stays exact) and dropped when
   * a tool call comes next — stored, it would go back as `"content": "\n"` beside the calls.
   */
  let heldText = '';
  const calls = new Map<number, CallState>();
  let finishReason: string | null = null;
  let usage: Usage | undefined;

  const closeText = (out: ModelStreamPart[]): void => {
    if (textIndex === undefined) return;
    out.push({ type: 'block-end', index: textIndex });
    textIndex = undefined;
  };

  const closeThinking = (out: ModelStreamPart[]): void => {
    if (thinkingIndex === undefined) return;
    out.push({ type: 'block-end', index: thinkingIndex });
    thinkingIndex = undefined;
  };

  const takeReasoning = (piece: string, out: ModelStreamPart[]): void => {
    // Reasoning after visible text (interleaved thinking) opens a new thinking block after it.
    closeText(out);
    if (thinkingIndex === undefined) {
      thinkingIndex = nextIndex;
      nextIndex += 1;
      out.push({ type: 'thinking-start', index: thinkingIndex });
    }
    out.push({ type: 'thinking-delta', index: thinkingIndex, thinking: piece });
  };

  const openText = (out: ModelStreamPart[]): number => {
    closeThinking(out);
    const index = nextIndex;
    nextIndex += 1;
    textIndex = index;
    out.push({ type: 'text-start', index });
    return index;
  };

  const takeText = (piece: string, out: ModelStreamPart[]): void => {
    if (textIndex !== undefined) {
      out.push({ type: 'text-delta', index: textIndex, text: piece });
      return;
    }
    // Held text is always blank, so only the new piece needs a look (a whitespace flood stays linear).
    if (isBlank(piece)) {
      heldText += piece;
      return;
    }
    const text = heldText + piece;
    heldText = '';
    out.push({ type: 'text-delta', index: openText(out), text });
  };

  const startCall = (call: CallState, out: ModelStreamPart[]): void => {
    call.started = true;
    out.push({ type: 'tool-use-start', index: call.blockIndex, id: call.id, name: call.name });
    if (call.pending !== '') out.push({ type: 'tool-input-delta', index: call.blockIndex, partialJson: call.pending });
    call.pending = '';
  };

  const takeToolCall = (delta: OpenAIToolCallDelta, position: number, out: ModelStreamPart[]): void => {
    const key = delta.index ?? position;
    let call = calls.get(key);
    if (!call) {
      closeText(out);
      closeThinking(out);
      heldText = '';
      call = { blockIndex: nextIndex, id: delta.id || createId(), name: '', pending: '', started: false };
      nextIndex += 1;
      calls.set(key, call);
    }
    if (!call.started && delta.function?.name) call.name += delta.function.name;
    const piece = argumentsPiece(delta);
    if (call.started) {
      if (piece !== '') out.push({ type: 'tool-input-delta', index: call.blockIndex, partialJson: piece });
      return;
    }
    call.pending += piece;
    if (call.name !== '') startCall(call, out);
  };

  return {
    map(chunk) {
      if (chunk.error) {
        const { message, type, code } = chunk.error;
        const kind = type ?? (code === undefined || code === null ? undefined : String(code));
        throw new ModelError(
          `The endpoint reported an error during the stream${kind ? ` (${kind})` : ''}: ${message ?? 'no message'}. Run again.`,
          kind === undefined ? {} : { errorType: kind },
        );
      }
      const out: ModelStreamPart[] = [];
      if (!started) {
        started = true;
        out.push({
          type: 'response-start',
          ...(chunk.id ? { id: chunk.id } : {}),
          ...(chunk.model ? { model: chunk.model } : {}),
        });
      }
      // Loupe asks for one choice; `n` > 1 is never requested, so only choice 0 is read.
      const choice = chunk.choices?.find((candidate) => (candidate.index ?? 0) === 0);
      const delta = choice?.delta;
      const content = contentPieces(delta?.content);
      const reasoning = reasoningPiece(delta) || content.reasoning;
      if (reasoning !== '') takeReasoning(reasoning, out);
      if (content.text !== '') takeText(content.text, out);
      delta?.tool_calls?.forEach((call, position) => takeToolCall(call, position, out));
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (chunk.usage) usage = toEngineUsage(chunk.usage);
      return out;
    },
    finish(sawDone) {
      if (!sawDone && finishReason === null) {
        throw new ModelError(
          'The reply broke off mid-stream: the stream ended before it was complete (no finish_reason and no [DONE]). What arrived is kept; Retry round sends the same request again.',
          { errorType: STREAM_LOST_ERROR_TYPE },
        );
      }
      const out: ModelStreamPart[] = [];
      if (!started) out.push({ type: 'response-start' });
      closeText(out);
      closeThinking(out);
      const named = [...calls.values()].filter((call) => call.name !== '');
      // A reply of whitespace alone (no call beside it) is still the reply, kept exactly as sent.
      if (heldText !== '' && named.length === 0) {
        const index = openText(out);
        out.push({ type: 'text-delta', index, text: heldText }, { type: 'block-end', index });
      }
      heldText = '';
      for (const call of named) {
        if (!call.started) startCall(call, out);
        out.push({ type: 'block-end', index: call.blockIndex });
      }
      const unnamed = calls.size - named.length;
      if (unnamed > 0) {
        out.push({
          type: 'notice',
          message: `${unnamed} tool call(s) arrived without a function name and were dropped.`,
        });
      }
      out.push({
        type: 'response-end',
        stopReason: toStopReason(finishReason, named.length > 0),
        usage: usage ?? { inputTokens: 0, outputTokens: 0 },
      });
      return out;
    },
  };
}
