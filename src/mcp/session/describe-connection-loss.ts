// Says in plain words how a connection to an MCP server was lost, from what the runtime's fetch reported.

/** Error codes Node's fetch (undici) and its sockets report, in the person's words. */
const wordsByCode: Readonly<Record<string, string>> = {
  ECONNRESET: 'the connection was reset',
  ECONNREFUSED: 'the server refused the connection',
  EPIPE: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  UND_ERR_SOCKET: 'the server closed it',
  UND_ERR_CLOSED: 'the server closed it',
};

function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in wordsByCode) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * How a connection broke: `undefined` is a stream the server ended without the answer; an error is read by its
 * code (Node) and then its words (`terminated`: the other side closed; a browser's `Failed to fetch` /
 * `network error` says no more than that the network connection dropped).
 */
export function describeConnectionLoss(error: unknown): string {
  if (error === undefined) return 'the server ended the response stream without an answer';
  const code = codeOf(error);
  if (code !== undefined) return wordsByCode[code] ?? 'the connection broke';
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
  if (/terminated|other side closed|socket hang up|closed/i.test(text)) return 'the server closed it';
  if (/reset/i.test(text)) return 'the connection was reset';
  if (/failed to fetch|network ?error|load failed|fetch failed/i.test(text)) return 'the network connection dropped';
  return `the connection broke (${text.slice(0, 200)})`;
}

/**
 * Whether `error` is a fetch that failed on the network (no HTTP answer, or a body cut off): a `TypeError` from
 * `fetch` in both Node and browsers, never an HTTP status or a JSON-RPC error.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  return codeOf(error) !== undefined || /fetch|network|terminated|load failed|socket|closed/i.test(error.message);
}
