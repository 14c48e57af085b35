// Pure: what an inference or tool span says beyond its messages — model, usage, timing, stop reason, tool
// definitions, a tool's call id, result and failure — in the attribute names each instrumentation uses.
import type { StopReason, ToolDefinition, Usage } from '../../model/model';
import { isRecord } from '../../../shared/is-record';
import { parseMaybeJson } from './genai-message-parts';
import type { AttributeValue, ReadSpan } from './read-span';
import type { ToolResultStatus } from '../../tool/tool';
import { statusOfFailedSpan } from '../tool-error-type';

const num = (value: AttributeValue | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const str = (value: AttributeValue | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function first<T>(
  span: ReadSpan,
  keys: string[],
  read: (value: AttributeValue | undefined) => T | undefined,
): T | undefined {
  for (const key of keys) {
    const value = read(span.attributes[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The provider's id of the response (`gen_ai.response.id`; OpenLLMetry writes the same key). */
export function responseIdOf(span: ReadSpan): string | undefined {
  return first(span, ['gen_ai.response.id'], str);
}

export function modelOf(span: ReadSpan): string | undefined {
  return first(span, ['gen_ai.request.model', 'gen_ai.response.model', 'llm.model_name'], str);
}

export function providerOf(span: ReadSpan): 'anthropic' | 'openai-compatible' {
  const name = first(span, ['gen_ai.provider.name', 'gen_ai.system', 'llm.provider', 'llm.system'], str);
  return name?.toLowerCase().includes('anthropic') ? 'anthropic' : 'openai-compatible';
}

/** OpenInference's `llm.invocation_parameters`: the request's parameters as a JSON object. */
export function invocationParametersOf(span: ReadSpan): Record<string, unknown> {
  const parsed = parseMaybeJson(span.attributes['llm.invocation_parameters']);
  return isRecord(parsed) ? parsed : {};
}

export function maxTokensOf(span: ReadSpan): number | undefined {
  const invocation = invocationParametersOf(span)['max_tokens'];
  return first(span, ['gen_ai.request.max_tokens'], num) ?? (typeof invocation === 'number' ? invocation : undefined);
}

export function temperatureOf(span: ReadSpan): number | undefined {
  const invocation = invocationParametersOf(span)['temperature'];
  return first(span, ['gen_ai.request.temperature'], num) ?? (typeof invocation === 'number' ? invocation : undefined);
}

export function usageOf(span: ReadSpan): Usage {
  const cacheRead = first(span, ['gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.cache_read_input_tokens'], num);
  const cacheCreation = first(
    span,
    ['gen_ai.usage.cache_creation.input_tokens', 'gen_ai.usage.cache_creation_input_tokens'],
    num,
  );
  return {
    inputTokens:
      first(span, ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.token_count.prompt'], num) ?? 0,
    outputTokens:
      first(
        span,
        ['gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens', 'llm.token_count.completion'],
        num,
      ) ?? 0,
    ...(cacheRead !== undefined ? { cacheReadInputTokens: cacheRead } : {}),
    ...(cacheCreation !== undefined ? { cacheCreationInputTokens: cacheCreation } : {}),
  };
}

const STOP_REASONS: Record<string, StopReason> = {
  stop: 'end_turn',
  end_turn: 'end_turn',
  tool_calls: 'tool_use',
  tool_call: 'tool_use',
  tool_use: 'tool_use',
  function_call: 'tool_use',
  length: 'max_tokens',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  content_filter: 'refusal',
  refusal: 'refusal',
  pause_turn: 'pause_turn',
};

/** The first finish reason, in Anthropic's words. */
export function stopReasonOf(span: ReadSpan, fromMessage: string | undefined): StopReason | undefined {
  const reasons = span.attributes['gen_ai.response.finish_reasons'] ?? span.attributes['llm.finish_reason'];
  const raw = Array.isArray(reasons) ? reasons[0] : (reasons ?? fromMessage);
  return typeof raw === 'string'
    ? STOP_REASONS[raw]
    : fromMessage !== undefined
      ? STOP_REASONS[fromMessage]
      : undefined;
}

/** Time to first chunk, ms (the conventions give seconds). */
export function firstChunkMsOf(span: ReadSpan): number | undefined {
  const seconds = num(span.attributes['gen_ai.response.time_to_first_chunk']);
  return seconds !== undefined ? seconds * 1000 : undefined;
}

/** OpenInference's `llm.tools.N.tool.json_schema`, each a tool definition as JSON. */
function openInferenceTools(span: ReadSpan): unknown[] | undefined {
  const tools: unknown[] = [];
  for (let index = 0; index < 1000; index += 1) {
    const value = span.attributes[`llm.tools.${index}.tool.json_schema`];
    if (value === undefined) break;
    tools.push(parseMaybeJson(value));
  }
  return tools.length > 0 ? tools : undefined;
}

/** `gen_ai.tool.definitions` (the conventions' and OpenAI's `{type:'function', function:{…}}` shapes), or OpenInference's. */
export function toolDefinitionsOf(span: ReadSpan): ToolDefinition[] | undefined {
  const parsed = parseMaybeJson(span.attributes['gen_ai.tool.definitions']) ?? openInferenceTools(span);
  if (!Array.isArray(parsed)) return undefined;
  return parsed.flatMap((item): ToolDefinition[] => {
    if (!isRecord(item)) return [];
    const fn = isRecord(item['function']) ? item['function'] : item;
    const schema = fn['parameters'] ?? fn['input_schema'] ?? fn['inputSchema'];
    if (typeof fn['name'] !== 'string') return [];
    return [
      {
        name: fn['name'],
        description: typeof fn['description'] === 'string' ? fn['description'] : '',
        input_schema: isRecord(schema) ? schema : { type: 'object' },
      },
    ];
  });
}

/** A tool span's call id, name, arguments and result (each when recorded) and whether it failed. */
export interface ToolSpanFacts {
  callId?: string;
  name?: string;
  arguments?: unknown;
  result?: unknown;
  failed: boolean;
  errorType?: string;
  /** How it failed, as a Loupe status (`tool-error` when the span does not say more). */
  status?: ToolResultStatus;
}

export function toolFactsOf(span: ReadSpan): ToolSpanFacts {
  const a = span.attributes;
  const errorType = str(a['error.type']);
  const callId = str(a['gen_ai.tool.call.id']) ?? str(a['tool_call.id']);
  const name = str(a['gen_ai.tool.name']) ?? str(a['tool.name']);
  const args = a['gen_ai.tool.call.arguments'] ?? a['input.value'];
  const result = a['gen_ai.tool.call.result'] ?? a['output.value'];
  return {
    ...(callId !== undefined ? { callId } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(args !== undefined ? { arguments: parseMaybeJson(args) } : {}),
    ...(result !== undefined ? { result: parseMaybeJson(result) } : {}),
    failed: span.status.code === 2 || errorType !== undefined,
    ...(errorType !== undefined ? { errorType } : {}),
    ...(span.status.code === 2 || errorType !== undefined
      ? { status: statusOfFailedSpan(errorType, str(a['loupe.tool.status'])) }
      : {}),
  };
}
