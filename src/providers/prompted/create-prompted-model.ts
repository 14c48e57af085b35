// Wraps a text-only model so it calls tools through the prompt (ENGINE-SPEC §26): the loop cannot tell it
// from a model with native tool calling.
import type { Model, ModelRequest, ModelStreamPart } from '../../engine/model/model';
import { convertHistoryToText } from './convert-history-to-text';
import { parsePromptedReply } from './parse-prompted-reply';
import { buildPromptedSystem } from './render-tool-prompt';

export interface PromptedModelOptions {
  /** Ids for the tool calls this wrapper makes up. Defaults to random ids. */
  createId?: () => string;
}

const randomId = (): string => `toolu_prompted_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

/** Said to the model when the loop asks for an answer without tools (tool_choice none, e.g. at a limit). */
export const NO_TOOLS_NOTE = 'Tools are not available for this reply. Answer in plain text from what you know.';

function innerRequest(request: ModelRequest, withTools: boolean): ModelRequest {
  const noteWhenBlocked = request.tools.length > 0 && !withTools ? NO_TOOLS_NOTE : undefined;
  const system = withTools
    ? buildPromptedSystem(request.system, request.tools)
    : [request.system, noteWhenBlocked].filter(Boolean).join('\n\n') || undefined;
  return {
    messages: convertHistoryToText(request.messages),
    tools: [],
    maxTokens: request.maxTokens,
    ...(system === undefined ? {} : { system }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
}

/**
 * A `Model` that renders the request's tools into `inner`'s system prompt and reads each reply with
 * `parsePromptedReply`. The reply text is held until it is complete (a call cannot be told from text
 * earlier); thinking streams through. A rejected call attempt becomes text plus a `notice` saying why.
 */
export function createPromptedModel(inner: Model, options: PromptedModelOptions = {}): Model {
  const createId = options.createId ?? randomId;

  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    const withTools = request.tools.length > 0 && request.toolChoice?.type !== 'none';
    if (!withTools) {
      yield* inner.doStream(innerRequest(request, false), signal);
      return;
    }
    let text = '';
    let nextIndex = 0;
    // The reply's text goes back at the index the inner model gave it; a call takes the next free one.
    let textIndex: number | undefined;
    const textIndexes = new Set<number>();
    // A model that answers with the API's own tool calls after all: those calls are kept as they are.
    let nativeCalls = false;
    const flushText = function* (index: number): Generator<ModelStreamPart> {
      yield { type: 'text-start', index };
      if (text !== '') yield { type: 'text-delta', index, text };
    };
    try {
      for await (const part of inner.doStream(innerRequest(request, true), signal)) {
        if ('index' in part) nextIndex = Math.max(nextIndex, part.index + 1);
        switch (part.type) {
          case 'text-start':
          case 'text-delta':
            // Text is held and re-emitted once the whole reply has been read.
            textIndex ??= part.index;
            textIndexes.add(part.index);
            if (part.type === 'text-delta') text += part.text;
            continue;
          case 'block-end':
            if (!textIndexes.has(part.index)) yield part;
            continue;
          case 'tool-use-start':
            nativeCalls = true;
            yield part;
            continue;
          case 'request-sent':
            // The body that really went out: the tools are in its system prompt, not in a `tools` field.
            yield { ...part, request: { ...part.request, track: 'prompted' } };
            continue;
          case 'response-end': {
            const reply: ReturnType<typeof parsePromptedReply> = nativeCalls
              ? { kind: 'text' }
              : parsePromptedReply(text, request.tools);
            if (reply.kind === 'text') {
              const index = textIndex ?? nextIndex;
              if (text !== '' || !nativeCalls) {
                yield* flushText(index);
                yield { type: 'block-end', index };
              }
              if (reply.reason) yield { type: 'notice', message: reply.reason };
              // A text reply never asks for tools, whatever the endpoint called its stop.
              const stopReason = !nativeCalls && part.stopReason === 'tool_use' ? 'end_turn' : part.stopReason;
              yield { ...part, stopReason };
              return;
            }
            const index = reply.text && textIndex === undefined ? nextIndex + 1 : nextIndex;
            if (reply.text) {
              const at = textIndex ?? nextIndex;
              yield { type: 'text-start', index: at };
              yield { type: 'text-delta', index: at, text: reply.text };
              yield { type: 'block-end', index: at };
            }
            yield { type: 'tool-use-start', index, id: createId(), name: reply.name };
            yield { type: 'tool-input-delta', index, partialJson: JSON.stringify(reply.arguments) };
            yield { type: 'block-end', index };
            yield { type: 'response-end', stopReason: 'tool_use', usage: part.usage };
            return;
          }
          default:
            yield part;
        }
      }
      // A stream that ended without response-end: the engine reports it; the text written so far is kept.
      if (text !== '') yield* flushText(textIndex ?? nextIndex);
    } catch (error) {
      // Keep what was written, as a native model's half-streamed text is kept (ENGINE-SPEC §23).
      if (text !== '') yield* flushText(textIndex ?? nextIndex);
      throw error;
    }
  }

  return { provider: inner.provider, modelId: inner.modelId, doStream };
}
