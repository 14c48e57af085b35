// One round as a `chat {model}` CLIENT span: the inference call the loop made, with its usage and timings.
import type { Message } from '../message/message';
import type { ToolDefinition } from '../model/model';
import type { TranscriptRound } from '../transcript/transcript';
import {
  doubleAttribute,
  SPAN_KIND_CLIENT,
  STATUS_ERROR,
  STATUS_UNSET,
  toAttributes,
  toUnixNano,
  type OtlpSpan,
} from './otlp-json';
import { toGenAiMessages, toGenAiOutput } from './gen-ai-messages';
import { spanIdOf } from './otel-ids';
import { roundSpanEvents } from './round-span-events';

/** The conventions' `gen_ai.provider.name` for a Loupe provider (the demo model keeps a name of its own). */
export function providerNameOf(provider: string): string {
  if (provider === 'anthropic') return 'anthropic';
  if (provider.startsWith('openai')) return 'openai';
  return `loupe.${provider}`;
}

export interface ChatSpanInput {
  runId: string;
  traceId: string;
  parentSpanId: string;
  round: TranscriptRound;
  /** When the round's request went out: its reply's start, or the previous round's end for a round without one. */
  startedAt: number;
  /** The run's history (the round sent its first `request.messageCount`). */
  messages: readonly Message[];
  tools: readonly ToolDefinition[];
  content: boolean;
  /** Set when the run failed in this round (no reply). */
  error?: string | undefined;
}

/** The round's span; the request's messages, system, tool definitions and the reply only with content. */
export function chatSpan(input: ChatSpanInput): OtlpSpan {
  const { round, content } = input;
  const { request, response } = round;
  const timeToFirst = response?.timing.timeToFirstTokenMs;
  const attributes = toAttributes({
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': providerNameOf(request.provider),
    'gen_ai.request.model': request.model,
    'gen_ai.request.max_tokens': request.maxTokens,
    'gen_ai.request.stream': request.provider !== 'demo',
    'gen_ai.response.model': response !== null ? request.model : undefined,
    'gen_ai.response.id': response?.id,
    'gen_ai.response.finish_reasons': response?.stopReason != null ? [response.stopReason] : undefined,
    'gen_ai.usage.input_tokens': response?.usage.inputTokens,
    'gen_ai.usage.output_tokens': response?.usage.outputTokens,
    'gen_ai.usage.cache_read.input_tokens': response?.usage.cacheReadInputTokens,
    'gen_ai.usage.cache_creation.input_tokens': response?.usage.cacheCreationInputTokens,
    'loupe.round': round.round,
    'loupe.response.interrupted': response?.interrupted === true ? true : undefined,
    'error.type': input.error !== undefined ? 'loupe.run_error' : undefined,
    'gen_ai.system_instructions':
      content && request.system !== undefined ? JSON.stringify([{ type: 'text', content: request.system }]) : undefined,
    'gen_ai.input.messages': content
      ? JSON.stringify(toGenAiMessages(input.messages.slice(0, request.messageCount)))
      : undefined,
    'gen_ai.output.messages':
      content && response !== null ? JSON.stringify(toGenAiOutput(response.content, response.stopReason)) : undefined,
    'gen_ai.tool.definitions': content
      ? JSON.stringify(input.tools.map((tool) => ({ type: 'function', ...tool })))
      : undefined,
  });
  // Temperature is a double in the conventions even when it is whole (0, 1).
  if (request.temperature !== undefined)
    attributes.push(doubleAttribute('gen_ai.request.temperature', request.temperature));
  if (timeToFirst !== undefined)
    attributes.push(doubleAttribute('gen_ai.response.time_to_first_chunk', timeToFirst / 1000));
  const endedAt = response?.timing.endedAt ?? input.startedAt;
  return {
    traceId: input.traceId,
    spanId: spanIdOf(input.runId, `round:${round.round}`),
    parentSpanId: input.parentSpanId,
    name: `chat ${request.model}`,
    kind: SPAN_KIND_CLIENT,
    startTimeUnixNano: toUnixNano(input.startedAt),
    endTimeUnixNano: toUnixNano(endedAt),
    attributes,
    events: roundSpanEvents(round, content, input.startedAt),
    links: [],
    status: input.error !== undefined ? { code: STATUS_ERROR, message: input.error } : { code: STATUS_UNSET },
  };
}
