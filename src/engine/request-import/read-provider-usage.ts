// Pure: a response's usage and stop reason, in either provider's words, read into the Messages API's terms.
import { isRecord } from '../../shared/is-record';
import type { StopReason, Usage } from '../model/model';

/** Chat's finish reasons in the Messages API's words. */
export function chatStopReason(reason: unknown): StopReason | null {
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_use';
  if (reason === 'length') return 'max_tokens';
  if (reason === 'stop') return 'end_turn';
  if (reason === 'content_filter') return 'refusal';
  return null;
}

/** The stop reasons the engine knows. */
export const STOP_REASONS = new Set(['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal']);

/** A Messages API `usage` object (absent counts are 0). */
export function anthropicUsage(usage: unknown): Usage {
  const n = (key: string) => (isRecord(usage) && typeof usage[key] === 'number' ? usage[key] : undefined);
  const created = n('cache_creation_input_tokens');
  const read = n('cache_read_input_tokens');
  return {
    inputTokens: n('input_tokens') ?? 0,
    outputTokens: n('output_tokens') ?? 0,
    ...(created ? { cacheCreationInputTokens: created } : {}),
    ...(read ? { cacheReadInputTokens: read } : {}),
  };
}

/** A Chat Completions `usage` object; cached prompt tokens count as cache reads. */
export function chatUsage(usage: unknown): Usage {
  const n = (key: string) => (isRecord(usage) && typeof usage[key] === 'number' ? usage[key] : 0);
  const details = isRecord(usage) ? usage['prompt_tokens_details'] : undefined;
  const cached = isRecord(details) && typeof details['cached_tokens'] === 'number' ? details['cached_tokens'] : 0;
  return {
    inputTokens: n('prompt_tokens'),
    outputTokens: n('completion_tokens'),
    ...(cached ? { cacheReadInputTokens: cached } : {}),
  };
}
