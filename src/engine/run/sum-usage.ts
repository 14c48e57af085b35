// Pure: token arithmetic. No I/O.
import type { Usage } from '../model/model';

/** A usage of zero tokens. */
export function createEmptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

/** Adds two usages field by field; cache fields appear only when either side has them. */
export function sumUsage(left: Usage, right: Usage): Usage {
  const total: Usage = {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
  };
  if (left.cacheCreationInputTokens !== undefined || right.cacheCreationInputTokens !== undefined) {
    total.cacheCreationInputTokens = (left.cacheCreationInputTokens ?? 0) + (right.cacheCreationInputTokens ?? 0);
  }
  if (left.cacheReadInputTokens !== undefined || right.cacheReadInputTokens !== undefined) {
    total.cacheReadInputTokens = (left.cacheReadInputTokens ?? 0) + (right.cacheReadInputTokens ?? 0);
  }
  if (left.serverToolRequests !== undefined || right.serverToolRequests !== undefined) {
    total.serverToolRequests = sumCounts(left.serverToolRequests, right.serverToolRequests);
  }
  return total;
}

/** Two sets of server tool request counts added key by key. */
function sumCounts(
  left: Record<string, number> | undefined,
  right: Record<string, number> | undefined,
): Record<string, number> {
  const total: Record<string, number> = { ...left };
  for (const [key, count] of Object.entries(right ?? {})) total[key] = (total[key] ?? 0) + count;
  return total;
}

/** Server tool requests of `usage`, all kinds together. */
export function countServerToolRequests(usage: Usage): number {
  return Object.values(usage.serverToolRequests ?? {}).reduce((sum, count) => sum + count, 0);
}

/**
 * Combines the usage a stream reported at its start with the one at its end: providers report input
 * tokens at the start and output tokens at the end, so a zero at the end does not erase the start.
 */
export function mergeStreamUsage(atStart: Usage | undefined, atEnd: Usage | undefined): Usage {
  const merged: Usage = {
    inputTokens: atEnd?.inputTokens || atStart?.inputTokens || 0,
    outputTokens: atEnd?.outputTokens || atStart?.outputTokens || 0,
  };
  const cacheCreation = atEnd?.cacheCreationInputTokens ?? atStart?.cacheCreationInputTokens;
  const cacheRead = atEnd?.cacheReadInputTokens ?? atStart?.cacheReadInputTokens;
  if (cacheCreation !== undefined) merged.cacheCreationInputTokens = cacheCreation;
  if (cacheRead !== undefined) merged.cacheReadInputTokens = cacheRead;
  const serverToolRequests = atEnd?.serverToolRequests ?? atStart?.serverToolRequests;
  if (serverToolRequests !== undefined) merged.serverToolRequests = serverToolRequests;
  return merged;
}
