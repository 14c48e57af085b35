// Pure: whether retrying a failed call could help (ENGINE-SPEC rule 17). No I/O.

/** HTTP statuses and JSON-RPC codes that mean "try again later". */
const RETRYABLE_CODES = new Set<number | string>([
  408,
  425,
  429,
  500,
  502,
  503,
  504,
  // MCP SDK: connection closed (-32000) and request timeout (-32001).
  -32000,
  -32001,
  // An MCP tool's connection broke during the call (McpConnectionLostError).
  'connection-lost',
  'ETIMEDOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EAI_AGAIN',
  'EPIPE',
  'UNAVAILABLE',
  'RESOURCE_EXHAUSTED',
  'DEADLINE_EXCEEDED',
  'rate_limit_error',
  'overloaded_error',
]);
/** Codes that mean the call itself is wrong: retrying it unchanged cannot help. */
const FINAL_CODES = new Set<number | string>([400, 401, 403, 404, 422, -32600, -32601, -32602, -32603]);

/** Yao's substring list, used only for free-text errors that carry no code. */
const RETRYABLE_TEXT =
  /time(d)? ?out|temporar|rate.?limit|too many requests|overload|unavailable|connection (reset|refused|closed)|try again/i;

/** A failure as the loop sees it: a structured code and flag when the tool gave them, and its text. */
export interface FailureFacts {
  retryable?: boolean;
  errorCode?: number | string;
  text: string;
}

/** An explicit flag wins; then a known code decides; only a failure without a code falls back to its text. */
export function isRetryableFailure(facts: FailureFacts): boolean {
  if (facts.retryable !== undefined) return facts.retryable;
  if (facts.errorCode !== undefined) {
    if (RETRYABLE_CODES.has(facts.errorCode)) return true;
    if (FINAL_CODES.has(facts.errorCode)) return false;
    return typeof facts.errorCode === 'number' && facts.errorCode >= 500 && facts.errorCode < 600;
  }
  return RETRYABLE_TEXT.test(facts.text);
}

/** The structured facts a thrown error carries (`code`, `status`, `retryable`), if any. */
export function factsOfThrown(error: unknown, text: string): FailureFacts {
  if (typeof error !== 'object' || error === null) return { text };
  const record = error as { code?: unknown; status?: unknown; retryable?: unknown };
  const code = typeof record.code === 'number' || typeof record.code === 'string' ? record.code : undefined;
  const status = typeof record.status === 'number' ? record.status : undefined;
  const errorCode = code ?? status;
  return {
    text,
    ...(typeof record.retryable === 'boolean' ? { retryable: record.retryable } : {}),
    ...(errorCode === undefined ? {} : { errorCode }),
  };
}
