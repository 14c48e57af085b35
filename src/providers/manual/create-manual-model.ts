// "You are the model": a provider whose replies a person writes, so MCP servers can be exercised through the real loop without a key.
import { ModelError, type Model, type ModelRequest, type ModelStreamPart } from '../../engine/model/model';
import { abortError } from '../abort-error';

/** One block of a reply a person wrote: text, or a call of one of the request's tools. */
export type ManualReplyBlock =
  { type: 'text'; text: string } | { type: 'tool_use'; name: string; input: Record<string, unknown> };

/** The reply a person wrote for one model step. */
export interface ManualReply {
  content: ManualReplyBlock[];
}

/** Where replies come from: the worker asks the person and resolves when they send one (rejects on abort). */
export interface ManualReplySource {
  requestReply(request: ModelRequest, signal: AbortSignal): Promise<ManualReply>;
}

/** Plain-words problems with `reply` for `request` (empty when it can be sent). */
export function findManualReplyProblems(reply: ManualReply, request: Pick<ModelRequest, 'tools'>): string[] {
  if (reply.content.length === 0) return ['Write some text or add a tool call before sending the reply.'];
  const names = new Set(request.tools.map((tool) => tool.name));
  return reply.content.flatMap((block, index) => {
    if (block.type === 'text') return block.text.trim() === '' ? [`Block ${index + 1}: the text is empty.`] : [];
    if (!names.has(block.name)) return [`Block ${index + 1}: '${block.name}' is not one of the run's tools.`];
    const isObject = typeof block.input === 'object' && block.input !== null && !Array.isArray(block.input);
    return isObject ? [] : [`Block ${index + 1}: the input of ${block.name} must be a JSON object.`];
  });
}

/**
 * A `Model` (provider `manual`, model `you`) that, at each step, waits for `source` to give the reply a
 * person wrote and streams it like a real provider: text, then each `tool_use` with its JSON input, then
 * `response-end` with `tool_use` when it calls a tool, else `end_turn`. Tool ids come from `createId`.
 */
export function createManualModel(source: ManualReplySource | undefined, createId: (prefix: string) => string): Model {
  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    if (source === undefined) {
      throw new ModelError('The manual model has nobody to ask: it only runs inside the Loupe app.');
    }
    if (signal.aborted) throw abortError(signal);
    const reply = await source.requestReply(request, signal);
    if (signal.aborted) throw abortError(signal);
    const problems = findManualReplyProblems(reply, request);
    if (problems.length > 0) throw new ModelError(problems.join(' '));
    yield { type: 'response-start', id: createId('msg_manual'), model: 'you' };
    for (const [index, block] of reply.content.entries()) {
      if (block.type === 'text') {
        yield { type: 'text-start', index };
        yield { type: 'text-delta', index, text: block.text };
      } else {
        yield { type: 'tool-use-start', index, id: createId('toolu_manual'), name: block.name };
        yield { type: 'tool-input-delta', index, partialJson: JSON.stringify(block.input) };
      }
      yield { type: 'block-end', index };
    }
    const calls = reply.content.some((block) => block.type === 'tool_use');
    yield {
      type: 'response-end',
      stopReason: calls ? 'tool_use' : 'end_turn',
      usage: { inputTokens: 0, outputTokens: 0 },
    };
  }
  return { provider: 'manual', modelId: 'you', doStream };
}
