// The engine's model seam. Pure types: providers implement `Model`; the engine only calls `doStream`.
import type { ApiBlock, ApiJsonObject, Message, ToolUseBlock } from '../message/message';
import type { SentRequest } from './sent-request';

/** A tool as the model sees it (name as exposed, after any override). */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  /** Present (true) only for a strict tool: the provider holds the model's input to the schema exactly. */
  strict?: true;
  /** Present (true) only when code the provider runs may call the tool (Anthropic `allowed_callers`). */
  callable_from_code?: true;
  /** Present (true) only for a tool the provider's tool search must leave loaded (never `defer_loading`). */
  pinned?: true;
}

export type ToolChoice = { type: 'auto' } | { type: 'any' } | { type: 'none' } | { type: 'tool'; name: string };

/** Everything a provider needs to make one model call. */
export interface ModelRequest {
  system?: string;
  /**
   * The conversation. The loop hands a model the one array it keeps its history in (no copy per round), so
   * it holds this request's messages only while the call runs: a model that keeps them afterwards (a test
   * double recording requests) copies them, and none may change it.
   */
  messages: Message[];
  tools: ToolDefinition[];
  maxTokens: number;
  temperature?: number;
  toolChoice?: ToolChoice;
}

/** Why the model stopped, as the Messages API names it. */
export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens?: number;
  cacheReadInputTokens?: number;
  /**
   * Requests the API's own tools made in this call, by the API's names (`web_search_requests`,
   * `web_fetch_requests`, and any count a newer API reports); absent when it reported none.
   */
  serverToolRequests?: Record<string, number>;
}

/**
 * Neutral stream parts a provider emits. Block indexes are the reply's content indexes.
 * Order: `response-start`, then per block `*-start`, deltas, `block-end`; finally `response-end`.
 */
export type ModelStreamPart =
  /** The exact HTTP request this call sent (no key), with the answer's status; before `response-start`, or alone before a failure. */
  | { type: 'request-sent'; request: SentRequest }
  | { type: 'response-start'; id?: string; model?: string; usage?: Usage }
  | { type: 'text-start'; index: number }
  | { type: 'text-delta'; index: number; text: string }
  | { type: 'thinking-start'; index: number }
  | { type: 'thinking-delta'; index: number; thinking: string }
  | { type: 'signature-delta'; index: number; signature: string }
  /** A whole redacted thinking block: opaque `data` the API needs back unchanged. Ends with `block-end`. */
  | { type: 'redacted-thinking'; index: number; data: string }
  | { type: 'tool-use-start'; index: number; id: string; name: string; caller?: ToolUseBlock['caller'] }
  /**
   * A whole block of the API's own (a server tool call or result, an MCP connector call, compaction, a type
   * Loupe does not know), exactly as the API sent it with its deltas applied. Ends with `block-end`.
   */
  | { type: 'api-block'; index: number; block: ApiBlock['block'] }
  /** One citation of a text block (a `citations_delta`), exactly as the API sent it. */
  | { type: 'citation'; index: number; citation: ApiJsonObject }
  | { type: 'tool-input-delta'; index: number; partialJson: string }
  | { type: 'block-end'; index: number }
  /** Something the person should know about this reply (e.g. a prompted-track reply taken as text, and why). */
  | { type: 'notice'; message: string }
  | {
      type: 'response-end';
      stopReason: StopReason | null;
      usage: Usage;
      /** The context-management edits the API reports it applied to this request (`context_management`), as sent. */
      contextManagement?: ApiJsonObject;
      /** The code execution container the reply ran in (`id`, `expires_at`), as sent; kept across the run's rounds. */
      container?: ApiJsonObject;
    };

/**
 * A model. `doStream` must honour `signal` (stop reading, reject with an AbortError-like error)
 * and throw `ModelError` for API failures. The loop may hand the same `signal` to its next call when this
 * call left it as new (not aborted, no listener, no `onabort`); a signal that was listened to is never
 * handed out again, so listeners left on it do not pile up.
 */
export interface Model {
  /** Provider id, e.g. `anthropic`, `demo`. */
  readonly provider: string;
  /** Model id, e.g. `claude-sonnet-4-5`. */
  readonly modelId: string;
  doStream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamPart>;
  /**
   * The input tokens `request` would take, from the provider's count-tokens endpoint (Anthropic:
   * `POST /v1/messages/count_tokens`). Absent when the provider has none. Throws `ModelError` on failure.
   */
  countTokens?(request: ModelRequest, signal: AbortSignal): Promise<number>;
}

export { STREAM_LOST_ERROR_TYPE } from '../../shared/stream-lost';

/** The words of a reply from `baseUrl` that broke off mid-stream (`how`), the same for every provider. */
export function describeStreamLost(baseUrl: string, how: string): string {
  return `The reply from ${baseUrl} broke off mid-stream: ${how}. What arrived is kept; Retry round sends the same request again.`;
}

/** A failed model call, said in plain words; `status` is the HTTP status when there was one. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  readonly status: number | undefined;
  readonly errorType: string | undefined;
  constructor(message: string, options: { status?: number; errorType?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.errorType = options.errorType;
  }
}
