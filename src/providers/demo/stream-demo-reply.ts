// Plays a planned demo reply as a model stream: small text chunks, tool JSON in pieces, plausible usage.
import type { ModelStreamPart, Usage } from '../../engine/model/model';
import { abortError } from '../abort-error';
import type { DemoReply } from './demo-reply';

export interface DemoStreamOptions {
  id: string;
  model: string;
  inputTokens: number;
  /** Pause between text chunks; 0 streams without timers. */
  chunkDelayMs: number;
  signal: AbortSignal;
}

/** Splits text into chunks of a couple of words, as a real model streams. */
export function splitIntoChunks(text: string): string[] {
  return text.match(/\S+\s*\S*\s*|\s+/g) ?? [];
}

/** Splits JSON into three pieces at points that are not token boundaries, like real input_json_delta. */
export function splitJsonInPieces(json: string): string[] {
  const third = Math.max(1, Math.floor(json.length / 3));
  return [json.slice(0, third), json.slice(third, 2 * third), json.slice(2 * third)].filter((piece) => piece !== '');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** Streams `reply`; throws the abort reason as soon as `signal` is aborted. */
export async function* streamDemoReply(reply: DemoReply, options: DemoStreamOptions): AsyncGenerator<ModelStreamPart> {
  const { signal } = options;
  const step = async () => {
    if (options.chunkDelayMs > 0) await sleep(options.chunkDelayMs, signal);
    if (signal.aborted) throw abortError(signal);
  };
  await step();
  yield {
    type: 'response-start',
    id: options.id,
    model: options.model,
    usage: { inputTokens: options.inputTokens, outputTokens: 1 },
  };
  for (const [index, block] of reply.content.entries()) {
    if (block.type === 'text') {
      yield { type: 'text-start', index };
      for (const text of splitIntoChunks(block.text)) {
        await step();
        yield { type: 'text-delta', index, text };
      }
    } else {
      yield { type: 'tool-use-start', index, id: block.id, name: block.name };
      for (const partialJson of splitJsonInPieces(JSON.stringify(block.input))) {
        await step();
        yield { type: 'tool-input-delta', index, partialJson };
      }
    }
    yield { type: 'block-end', index };
  }
  await step();
  const usage: Usage = {
    inputTokens: options.inputTokens,
    outputTokens: estimateTokens(JSON.stringify(reply.content)),
  };
  yield { type: 'response-end', stopReason: reply.stopReason, usage };
}
