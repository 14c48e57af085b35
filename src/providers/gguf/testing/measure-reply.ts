// Benchmark support: time to the first piece and output tokens per second of one reply of a model, on the
// clock it is given (the page's in Chromium, Node's in the headless half). Shared so both halves measure alike.
import type { Model, ModelRequest } from '../../../engine/model/model';

export interface ReplyMeasure {
  firstPieceMs: number;
  tokensPerSecond: number;
  outputTokens: number;
}

export async function measureReply(model: Model, request: ModelRequest, now: () => number): Promise<ReplyMeasure> {
  const start = now();
  let first: number | undefined;
  let outputTokens = 0;
  for await (const part of model.doStream(request, new AbortController().signal)) {
    if (first === undefined && part.type !== 'response-start') first = now();
    if (part.type === 'response-end') outputTokens = part.usage.outputTokens;
  }
  const end = now();
  return {
    firstPieceMs: (first ?? end) - start,
    tokensPerSecond: outputTokens / Math.max((end - start) / 1000, 1e-6),
    outputTokens,
  };
}
