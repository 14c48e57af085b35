// Test double for the model seam: replays scripted replies as stream parts. Pure: no timers, no I/O.
import type { ContentBlock } from '../message/message';
import { contentToParts } from '../model/content-to-parts';
import type { Model, ModelRequest, ModelStreamPart, StopReason, Usage } from '../model/model';

/**
 * One scripted reply. By default the model streams `content` (text in chunks, tool JSON in several
 * `tool-input-delta` pieces) then a `response-end` with `stopReason` (default: `tool_use` when the
 * content has a tool_use block, else `end_turn`) and `usage` (default 10 in / 5 out).
 * `parts` replaces the generated parts verbatim (no `response-end` is added) — for half-open blocks.
 * `error`: thrown after the content (or parts) has streamed, instead of `response-end`.
 * `hang`: after the content (or parts), wait until the signal aborts, then throw an AbortError.
 */
export interface ScriptedReply {
  content?: ContentBlock[];
  parts?: ModelStreamPart[];
  stopReason?: StopReason | null;
  usage?: Usage;
  error?: Error;
  hang?: boolean;
}

/** A reply list (one per call; calls past the end fail) or a function of the request and call index. */
export type ScriptedReplies = readonly ScriptedReply[] | ((request: ModelRequest, callIndex: number) => ScriptedReply);

/** A `Model` that replays scripted replies and records what it was asked. */
export interface ScriptedModel extends Model {
  /** Every request received, in order (deep copies, so later mutation cannot rewrite them). */
  readonly requests: ModelRequest[];
}

const TEXT_CHUNK = 6;
const JSON_PIECES = 3;

/**
 * Creates a scripted model (provider `scripted`, model id `scripted-model` unless given). It yields
 * to the event loop between parts, checks `signal` before each part and rejects with an AbortError
 * once aborted, like a real provider.
 */
export function createScriptedModel(
  replies: ScriptedReplies,
  ids: { provider?: string; modelId?: string } = {},
): ScriptedModel {
  const requests: ModelRequest[] = [];
  return {
    provider: ids.provider ?? 'scripted',
    modelId: ids.modelId ?? 'scripted-model',
    requests,
    doStream(request, signal) {
      const callIndex = requests.length;
      requests.push(structuredClone(request));
      const reply = typeof replies === 'function' ? replies(request, callIndex) : replies[callIndex];
      return streamReply(
        reply ?? { error: new Error(`The scripted model has no reply for call ${callIndex + 1}.`) },
        signal,
      );
    },
  };
}

async function* streamReply(reply: ScriptedReply, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
  const content = reply.content ?? [];
  const parts = reply.parts ?? [{ type: 'response-start' as const, id: 'msg_scripted' }, ...toParts(content)];
  for (const part of parts) {
    await Promise.resolve();
    throwIfAborted(signal);
    yield part;
  }
  if (reply.hang === true) {
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    throwIfAborted(signal);
  }
  if (reply.error !== undefined) throw reply.error;
  if (reply.parts) return;
  await Promise.resolve();
  throwIfAborted(signal);
  const stopReason =
    reply.stopReason === undefined
      ? content.some((block) => block.type === 'tool_use')
        ? 'tool_use'
        : 'end_turn'
      : reply.stopReason;
  yield { type: 'response-end', stopReason, usage: reply.usage ?? { inputTokens: 10, outputTokens: 5 } };
}

/** The stream parts a real provider would emit for `content` (text in chunks, tool JSON in pieces). */
export const toParts = (content: readonly ContentBlock[]): ModelStreamPart[] =>
  contentToParts(content, { textChunk: TEXT_CHUNK, jsonPieces: JSON_PIECES });

const aborted = (): Error => new DOMException('The model call was aborted.', 'AbortError');

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw aborted();
}
