// The ids of the JSON-RPC requests in a POST body, as a fetch wrapper sees it (one message or a batch).

/** The ids of the requests (not notifications or responses) in `body`; none when it is no JSON text. */
export function requestIdsOf(body: unknown): (string | number)[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed = JSON.parse(body) as unknown;
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.flatMap((message) => {
      const record = message as { id?: unknown; method?: unknown };
      return typeof record.method === 'string' && (typeof record.id === 'string' || typeof record.id === 'number')
        ? [record.id]
        : [];
    });
  } catch {
    return [];
  }
}
