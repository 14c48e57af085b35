// A text-only `Model` over a loaded GGUF (the prompted track, or the constrained one, sits on top and turns
// the text into calls). Streams text, `<think>` reasoning as thinking, honours Stop. Pure: the runtime is
// behind `GgufEngine`.
import type { Model, ModelRequest, ModelStreamPart } from '../../engine/model/model';
import { abortError } from '../abort-error';
import type { GgufEngine } from './gguf-engine';
import { detectChatFormat, renderChatPrompt, STOP_STRINGS } from './render-chat-prompt';

const OPEN = '<think>';
const CLOSE = '</think>';

export interface GgufTextModelOptions {
  modelId: string;
  /** GBNF for this model's replies (the constrained track makes one model per request). */
  grammar?: string;
  /** The prompt and stop strings for a request; default: the hand-written chat format told from the template. */
  renderPrompt?: (request: ModelRequest) => RenderedPrompt;
}

/** A request rendered for a raw completion. */
export interface RenderedPrompt {
  prompt: string;
  stop: string[];
}

export function createGgufTextModel(engine: GgufEngine, options: GgufTextModelOptions): Model {
  const format = detectChatFormat(engine.chatTemplate);
  const renderPrompt =
    options.renderPrompt ??
    ((request: ModelRequest): RenderedPrompt => ({
      prompt: renderChatPrompt(format, request.system, request.messages),
      stop: STOP_STRINGS[format],
    }));

  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    if (signal.aborted) throw abortError(signal);
    yield { type: 'response-start', model: options.modelId };
    // Reasoning opens the reply or not at all; until that is known (7 characters), text is held back.
    let mode: 'undecided' | 'thinking' | 'text' = 'undecided';
    let pending = '';
    let index = -1;
    const open = function* (kind: 'thinking' | 'text'): Generator<ModelStreamPart> {
      if (index >= 0) yield { type: 'block-end', index };
      index += 1;
      yield kind === 'thinking' ? { type: 'thinking-start', index } : { type: 'text-start', index };
    };
    const emit = function* (text: string): Generator<ModelStreamPart> {
      if (text === '') return;
      yield mode === 'thinking'
        ? { type: 'thinking-delta', index, thinking: text }
        : { type: 'text-delta', index, text };
    };
    const feed = function* (piece: string, final: boolean): Generator<ModelStreamPart> {
      pending += piece;
      if (mode === 'undecided') {
        const trimmed = pending.trimStart();
        if (trimmed.startsWith(OPEN)) {
          mode = 'thinking';
          pending = trimmed.slice(OPEN.length).trimStart();
          yield* open('thinking');
        } else if (final || trimmed.length >= OPEN.length || !OPEN.startsWith(trimmed)) {
          mode = 'text';
          yield* open('text');
        } else return;
      }
      if (mode === 'thinking') {
        const close = pending.indexOf(CLOSE);
        if (close !== -1) {
          yield* emit(pending.slice(0, close).trimEnd());
          pending = pending.slice(close + CLOSE.length).trimStart();
          mode = 'text';
          yield* open('text');
        } else {
          // Hold back what could be the start of `</think>` split across pieces.
          const keep = final ? 0 : CLOSE.length - 1;
          yield* emit(pending.slice(0, Math.max(0, pending.length - keep)));
          pending = pending.slice(Math.max(0, pending.length - keep));
          return;
        }
      }
      yield* emit(pending);
      pending = '';
    };

    const pieces = engine.complete({
      ...renderPrompt(request),
      maxTokens: request.maxTokens,
      signal,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(options.grammar === undefined ? {} : { grammar: options.grammar }),
    });
    for await (const piece of pieces) {
      if (signal.aborted) throw abortError(signal);
      if (piece.type === 'text') {
        yield* feed(piece.text, false);
        continue;
      }
      yield* feed('', true);
      if (index >= 0) yield { type: 'block-end', index };
      yield {
        type: 'response-end',
        stopReason: piece.end.finishReason === 'length' ? 'max_tokens' : 'end_turn',
        usage: { inputTokens: piece.end.promptTokens, outputTokens: piece.end.outputTokens },
      };
      return;
    }
    if (signal.aborted) throw abortError(signal);
    throw new Error('The in-browser model ended without saying why (no end of completion).');
  }

  return { provider: 'in-browser', modelId: options.modelId, doStream };
}
