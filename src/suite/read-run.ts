// What expectations look at in a transcript: the calls in order, the final answer, rounds and cost. Pure.
import { computeUsageCost } from '../engine/policies/compute-usage-cost';
import type { Transcript, TranscriptToolCall } from '../engine/transcript/transcript';

/** Every tool call of the run, in the order the rounds made them. */
export function listCalls(transcript: Transcript): TranscriptToolCall[] {
  return transcript.rounds.flatMap((round) => round.toolCalls);
}

/**
 * The run's answer: the text of the last reply; for a direct-output finish, the text of the tool result
 * that answered (ENGINE-SPEC rule 19).
 */
export function readFinalAnswer(transcript: Transcript): string {
  if (transcript.finishReason === 'direct-output') {
    const last = listCalls(transcript).at(-1);
    return (last?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  }
  const replied = [...transcript.rounds].reverse().find((round) => round.response !== null);
  return (replied?.response?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
}

/** The run's cost at its recorded price (USD), or undefined when it was recorded without one. */
export function readRunCost(transcript: Transcript): number | undefined {
  const price = transcript.settings.price;
  return price === undefined ? undefined : computeUsageCost(transcript.usage, price);
}

/** Milliseconds from the first request to the last event the rounds recorded. */
export function readRunLatency(transcript: Transcript): number {
  const first = transcript.rounds[0];
  if (first === undefined) return 0;
  const starts = first.response?.timing.startedAt ?? 0;
  const ends = transcript.rounds.flatMap((round) => [
    round.response?.timing.endedAt ?? 0,
    ...round.toolCalls.map((call) => call.timing.endedAt),
  ]);
  return Math.max(0, Math.max(...ends) - starts);
}

/** The total input and output tokens of the run. */
export function readRunTokens(transcript: Transcript): number {
  const { usage } = transcript;
  return (
    usage.inputTokens + usage.outputTokens + (usage.cacheReadInputTokens ?? 0) + (usage.cacheCreationInputTokens ?? 0)
  );
}
