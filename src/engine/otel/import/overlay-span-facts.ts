// Pure: the facts of each span laid onto the transcript built from the messages — each round its own inference
// span's model, usage, timing and stop reason; each call its tool span's timing and failure.
import type { Transcript } from '../../transcript/transcript';
import type { AgentTrace } from './group-agent-traces';
import type { SpanContent } from './genai-message-parts';
import { firstChunkMsOf, modelOf, responseIdOf, stopReasonOf, usageOf, type ToolSpanFacts } from './span-round-facts';

const NO_CONTENT = 'The trace did not capture this round’s messages: what is shown comes from its span alone.';

/** Mutates `transcript` (just built, owned by the caller); notes what did not line up. */
export function overlaySpanFacts(
  transcript: Transcript,
  trace: AgentTrace,
  contents: readonly SpanContent[],
  byCall: ReadonlyMap<string, ToolSpanFacts & { start?: number; end?: number }>,
  notes: string[],
): void {
  const rounds = transcript.rounds;
  const spans = trace.chatSpans;
  // The history's rounds are the last ones the agent made: earlier spans may be retries or other conversations.
  const offset = spans.length - rounds.length;
  if (offset < 0)
    notes.push(
      `Trace: the messages hold ${rounds.length} rounds but the trace ${spans.length} inference spans; the first rounds have no span.`,
    );
  else if (offset > 0)
    notes.push(
      `Trace: ${offset} inference span(s) before the conversation's rounds were not made rounds (retries or other calls).`,
    );
  const toolSpans = new Map(trace.toolSpans.map((span) => [span.attributes['gen_ai.tool.call.id'], span]));
  const usage = { inputTokens: 0, outputTokens: 0 };
  rounds.forEach((round, index) => {
    const span = spans[index + offset];
    const content = contents[index + offset];
    if (!span || !round.response) return;
    round.request.model = modelOf(span) ?? round.request.model;
    const spanUsage = usageOf(span);
    round.response.usage = spanUsage;
    usage.inputTokens += spanUsage.inputTokens;
    usage.outputTokens += spanUsage.outputTokens;
    const firstChunk = firstChunkMsOf(span);
    round.response.timing = {
      startedAt: span.start,
      endedAt: span.end,
      durationMs: Math.max(0, span.end - span.start),
      ...(firstChunk !== undefined ? { timeToFirstTokenMs: firstChunk } : {}),
    };
    round.response.stopReason = stopReasonOf(span, content?.output?.finishReason) ?? round.response.stopReason;
    const responseId = responseIdOf(span);
    if (responseId !== undefined) round.response.id = responseId;
    if (content && content.input === undefined && content.output === undefined)
      round.notices = [...(round.notices ?? []), { at: span.start, message: NO_CONTENT }];
    if (span.status.code === 2)
      round.notices = [
        ...(round.notices ?? []),
        { at: span.end, message: `The span ended in error: ${span.status.message ?? 'no message'}.` },
      ];
    for (const call of round.toolCalls) {
      const tool = toolSpans.get(call.id);
      const fact = byCall.get(call.id);
      if (tool)
        call.timing = {
          queuedAt: tool.start,
          startedAt: tool.start,
          endedAt: tool.end,
          durationMs: Math.max(0, tool.end - tool.start),
        };
      // The messages only say `is_error` (a tool error); the span may say more (a timeout, a denial).
      if (fact?.failed && (call.status === 'ok' || call.status === 'tool-error')) {
        call.status = fact.status ?? 'tool-error';
        call.isError = true;
        for (const message of transcript.messages)
          for (const block of message.content)
            if (block.type === 'tool_result' && block.tool_use_id === call.id) block.is_error = true;
      }
    }
  });
  transcript.usage = usage;
}
