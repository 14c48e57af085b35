// Pure: an MCP server's protocol log (JSON-RPC messages as recorded) as the HTTP exchanges that carried them.
import type { TrafficEntry } from '../../shared/traffic-entry';
import type { HttpExchange } from './build-har-entry';

/** A server's log to export: its name, its URL (already redacted by the caller's rules) and its messages. */
export interface ServerTraffic {
  name: string;
  url: string;
  entries: readonly TrafficEntry[];
}

const JSON_TYPE = 'application/json';

/**
 * Each message the client sent is one POST (streamable HTTP): a request with the response or error of the same id
 * (200, its JSON as the body), a notification or an answer to the server (202, no body). A request with no answer
 * recorded (cancelled, cut) has status 0. Messages the server sent on its own stream are no exchange of their own:
 * they are counted in `unpaired`.
 */
export function trafficToExchanges(server: ServerTraffic): { exchanges: HttpExchange[]; unpaired: number } {
  const answers = new Map<string, TrafficEntry>();
  for (const entry of server.entries)
    if (
      entry.direction === 'received' &&
      (entry.kind === 'response' || entry.kind === 'error') &&
      entry.id !== undefined
    )
      answers.set(String(entry.id), entry);
  const exchanges: HttpExchange[] = [];
  let unpaired = 0;
  for (const entry of server.entries) {
    if (entry.direction !== 'sent') {
      if (entry.kind === 'request' || entry.kind === 'notification') unpaired += 1;
      continue;
    }
    const answer = entry.kind === 'request' && entry.id !== undefined ? answers.get(String(entry.id)) : undefined;
    const expectsAnswer = entry.kind === 'request';
    exchanges.push({
      at: entry.at,
      durationMs: answer?.durationMs ?? 0,
      method: 'POST',
      url: server.url,
      requestHeaders: { 'content-type': JSON_TYPE, accept: `${JSON_TYPE}, text/event-stream`, ...entry.headers },
      requestBody: { mimeType: JSON_TYPE, text: JSON.stringify(entry.message) },
      status: expectsAnswer ? (answer ? 200 : 0) : 202,
      responseHeaders: answer ? { 'content-type': JSON_TYPE } : {},
      ...(answer ? { responseBody: { mimeType: JSON_TYPE, text: JSON.stringify(answer.message) } } : {}),
      comment: `MCP ${server.name}: ${entry.method ?? entry.kind}${expectsAnswer && !answer ? ' (no answer recorded)' : ''}`,
    });
  }
  return { exchanges, unpaired };
}
