// Pure: a run's model calls (each round's recorded request) as HTTP exchanges, without the key.
import { REDACTED } from '../../shared/redact-url';
import { expandHistories } from '../../shared/compact-request-history';
import type { Transcript } from '../transcript/transcript';
import type { HttpExchange } from './build-har-entry';

const JSON_TYPE = 'application/json';

/**
 * One exchange per round that went over HTTP: the request exactly as sent (the key's header named, its value
 * REDACTED), and as the response the reply Loupe recorded — rebuilt as JSON, since the stream itself is not kept
 * (the entry's comment says so). Rounds of the demo or manual model, or replays, sent nothing and are left out.
 */
export function transcriptToExchanges(transcript: Transcript): HttpExchange[] {
  const recorded = transcript.rounds.filter((round) => round.sent !== undefined);
  const sent = expandHistories(recorded.map((round) => round.sent!));
  return recorded.flatMap((round, index): HttpExchange[] => {
    const request = sent[index];
    // A record whose history cannot be rebuilt is left out rather than written with a body it did not send.
    if (request === undefined) return [];
    const reply = round.response;
    const auth = request.auth ? { [request.auth.header]: REDACTED } : {};
    return [
      {
        at: reply?.timing.startedAt ?? Date.parse(transcript.createdAt),
        durationMs: reply?.timing.durationMs ?? 0,
        method: request.method,
        url: request.url,
        requestHeaders: { ...request.headers, ...auth },
        requestBody: { mimeType: JSON_TYPE, text: JSON.stringify(request.body) },
        status: request.response?.status ?? 0,
        responseHeaders: { 'content-type': JSON_TYPE },
        ...(reply
          ? {
              responseBody: {
                mimeType: JSON_TYPE,
                text: JSON.stringify({
                  role: 'assistant',
                  content: reply.content,
                  stop_reason: reply.stopReason,
                  usage: reply.usage,
                }),
              },
            }
          : {}),
        comment: `Round ${round.round}: the response body is Loupe's record of the reply (the stream is not kept)`,
      },
    ];
  });
}
