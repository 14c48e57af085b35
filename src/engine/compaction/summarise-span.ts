// Pure: one model call turning the oldest rounds into a summary. Only the model seam does I/O.
import { describeApiBlock } from '../message/describe-api-block';
import type { ContentBlock, Message } from '../message/message';
import type { Model, ModelRequest, ModelStreamPart, Usage } from '../model/model';
import { readStream, type StreamIdleTimeout } from '../run/read-stream';

/** The summariser's instructions (its system prompt). */
export const SUMMARY_SYSTEM = [
  'You compact the history of an AI agent that works with tools, so that it can go on within the limit of what the model can read.',
  'Write a concise summary of the conversation excerpt you are given: the task, what was tried, every fact, figure,',
  'identifier and result still needed, errors met and what is left to do. Plain prose or short lists; no preamble.',
].join(' ');
/** Characters of one block in the excerpt; longer blocks are cut with a note. */
const BLOCK_CHARS = 4000;
/** Characters of the whole excerpt; the oldest part beyond it is left out with a note. */
const EXCERPT_CHARS = 200_000;
/** The summary's own token cap. */
const SUMMARY_MAX_TOKENS = 2048;

/** What the summariser answered. */
export interface SpanSummary {
  text: string;
  usage: Usage;
}

/**
 * Asks `model` (without tools) for a summary of `messages`. Throws when the call fails, is aborted through
 * `signal`, stays silent for `idle.ms`, or answers with no text — the caller then leaves the history as it was.
 */
export async function summariseSpan(
  model: Model,
  messages: readonly Message[],
  maxTokens: number,
  signal: AbortSignal,
  idle?: StreamIdleTimeout,
): Promise<SpanSummary> {
  const request: ModelRequest = {
    system: SUMMARY_SYSTEM,
    messages: [
      { role: 'user', content: [{ type: 'text', text: `${renderExcerpt(messages)}\n\nWrite the summary now.` }] },
    ],
    tools: [],
    maxTokens: Math.max(256, Math.min(SUMMARY_MAX_TOKENS, maxTokens)),
  };
  let text = '';
  let usage: Usage = { inputTokens: 0, outputTokens: 0 };
  // Raced against the signal and the stream idle timeout, like a round's reply: a silent summariser cannot hang the run.
  const stream = new AbortController();
  const forward = (): void => stream.abort();
  signal.addEventListener('abort', forward, { once: true });
  try {
    await readStream(
      model.doStream(request, stream.signal),
      signal,
      (part: ModelStreamPart) => {
        if (part.type === 'text-delta') text += part.text;
        else if (part.type === 'response-end') usage = part.usage;
      },
      idle,
    );
  } finally {
    signal.removeEventListener('abort', forward);
    stream.abort();
  }
  if (signal.aborted) throw new Error('cancelled');
  const summary = text.trim();
  if (summary === '') throw new Error('the summariser answered with no text');
  return { text: summary, usage };
}

/** The excerpt as the summariser reads it: one labelled paragraph per block, long ones cut. */
export function renderExcerpt(messages: readonly Message[]): string {
  const names = new Map<string, string>();
  const paragraphs = messages.flatMap((message) =>
    message.content.map((block) => renderBlock(message.role, block, names)).filter((line) => line !== ''),
  );
  const whole = `<conversation-excerpt>\n${paragraphs.join('\n\n')}\n</conversation-excerpt>`;
  return whole.length <= EXCERPT_CHARS ? whole : `[earlier part left out]\n${whole.slice(-EXCERPT_CHARS)}`;
}

function renderBlock(role: Message['role'], block: ContentBlock, names: Map<string, string>): string {
  const cut = (text: string): string =>
    text.length <= BLOCK_CHARS ? text : `${text.slice(0, BLOCK_CHARS)}… [${text.length - BLOCK_CHARS} characters cut]`;
  switch (block.type) {
    case 'text':
      return `${role === 'user' ? 'User' : 'Assistant'}: ${cut(block.text)}`;
    case 'tool_use':
      names.set(block.id, block.name);
      return `Assistant called ${block.name} with ${cut(JSON.stringify(block.input))}`;
    case 'tool_result': {
      const text = block.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
      const name = names.get(block.tool_use_id) ?? 'a tool';
      return `${block.is_error === true ? 'Error from' : 'Result of'} ${name}: ${cut(text)}`;
    }
    case 'image':
    case 'document':
      return `${role === 'user' ? 'User' : 'Assistant'}: [${block.type}]`;
    case 'thinking':
    case 'redacted_thinking':
      return '';
    case 'api_block':
      return `${role === 'user' ? 'User' : 'Assistant'}: ${cut(describeApiBlock(block))}`;
  }
}
