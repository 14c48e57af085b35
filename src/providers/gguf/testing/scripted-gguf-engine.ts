// Test double of `GgufEngine`: answers each completion with the next scripted pieces and records requests.
import type { GgufCompletionRequest, GgufEngine } from '../gguf-engine';

export interface ScriptedGgufEngine extends GgufEngine {
  readonly requests: GgufCompletionRequest[];
}

/**
 * Each reply is its text pieces. Before each piece the engine checks the signal, as the real runtime does
 * between tokens, so Stop ends a reply within one piece. `onPiece` runs after a piece is handed out (tests
 * abort there, deterministically).
 */
export function createScriptedGgufEngine(
  replies: string[][],
  options: { chatTemplate?: string | null; onPiece?: (index: number) => void } = {},
): ScriptedGgufEngine {
  const requests: GgufCompletionRequest[] = [];
  return {
    chatTemplate: options.chatTemplate === undefined ? '{{ "<|im_start|>" }}' : options.chatTemplate,
    requests,
    async *complete(request) {
      requests.push(request);
      // The real runtime answers from its own worker: never in the same turn.
      await Promise.resolve();
      const pieces = replies.shift() ?? [];
      for (const [index, text] of pieces.entries()) {
        if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        yield { type: 'text', text };
        options.onPiece?.(index);
      }
      if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      yield {
        type: 'end',
        end: { promptTokens: request.prompt.length, outputTokens: pieces.length, finishReason: 'stop' },
      };
    },
  };
}
