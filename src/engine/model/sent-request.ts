// The exact HTTP request a provider sent for one model call, without the key. Pure types.
import type { CompactedHistory } from '../../shared/compact-request-history';

/** Where the key went, so an export can put a placeholder there (the key itself is never recorded). */
export interface SentRequestAuth {
  /** Header name as sent, e.g. `x-api-key` or `authorization`. */
  header: string;
  /** A scheme before the key, e.g. `Bearer`; absent when the header holds the bare key. */
  scheme?: string;
}

/** What came back, as far as it matters for debugging: the HTTP status, the request id, the model that answered. */
export interface SentResponseMeta {
  status: number;
  requestId?: string;
  model?: string;
}

/**
 * One model call as the provider put it on the wire: method, URL (secrets in it redacted), the headers that
 * matter (never the key: `auth` says where it went), and the JSON body exactly as sent.
 */
export interface SentRequest {
  method: 'POST';
  url: string;
  /** Headers that change the meaning of the call (`anthropic-version`, `anthropic-beta`, `content-type`). */
  headers: Record<string, string>;
  /** Absent when the request went without a key (a local server). */
  auth?: SentRequestAuth;
  body: Record<string, unknown>;
  /** The reply's metadata; absent when no HTTP answer came (network error, cancel before headers). */
  response?: SentResponseMeta;
  /**
   * `prompted`: the model has no native tool calling; the tools were rendered into the system prompt and
   * this is the request that really went out.
   */
  track?: 'prompted';
}

/**
 * A `SentRequest` as the run's events and the transcript keep it: the body without `messages`, which is
 * `history` instead — the first `kept` messages of the previous recorded request of the same run, then
 * `added`. A run's requests repeat their history, so this keeps the log linear instead of quadratic.
 */
export interface RecordedRequest extends SentRequest {
  /** Absent when the body had no `messages` array (then `body` is whole). */
  history?: CompactedHistory;
}
