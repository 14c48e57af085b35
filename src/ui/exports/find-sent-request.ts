// Pure: the exact request one round sent, rebuilt from the run's request records, or why there is none.
import type { RequestDigest } from '../../engine/event/run-event';
import type { RecordedRequest, SentRequest } from '../../engine/model/sent-request';
import { expandHistories } from '../../shared/compact-request-history';

/** The part of a round an export needs (a timeline round, or a transcript round). */
export interface RoundRecordSource {
  round: number;
  request?: RequestDigest;
  sent?: RecordedRequest;
}

/** Which wire API a request spoke, so an export picks the endpoint, the key variable and the SDK. */
export type WireApi = 'anthropic' | 'openai-compatible';

export type RoundRequest =
  | { kind: 'http'; api: WireApi; request: SentRequest }
  /** Nothing went over HTTP (or nothing was recorded): `reason` says so in plain words. */
  | { kind: 'none'; reason: string };

const NO_HTTP: Record<string, string> = {
  demo: 'Demo model: no HTTP request was made. The demo model is scripted and answers inside the browser.',
  manual: 'You are the model: no HTTP request was made. You wrote this reply yourself.',
  replay: 'Replayed from recorded replies: no HTTP request was made for this round.',
};

/**
 * The request of `round` exactly as its provider sent it (no key). Only the records up to that round
 * are expanded: exporting one round never builds a transcript.
 */
export function findSentRequest(rounds: readonly RoundRecordSource[], round: number): RoundRequest {
  const target = rounds.find((candidate) => candidate.round === round);
  const provider = target?.request?.provider ?? '';
  const fixed = Object.hasOwn(NO_HTTP, provider) ? NO_HTTP[provider] : undefined;
  if (fixed !== undefined) return { kind: 'none', reason: fixed };
  if (target?.sent === undefined) {
    return {
      kind: 'none',
      reason:
        'No request was recorded for this round: it was never sent, or the run was recorded before Loupe kept the exact request of each round.',
    };
  }
  const records = rounds
    .filter((candidate) => candidate.round <= round)
    .flatMap((candidate) => (candidate.sent ? [candidate.sent] : []));
  const request: SentRequest | undefined = expandHistories(records).at(-1);
  if (request === undefined) {
    return {
      kind: 'none',
      reason: 'The recorded request cannot be rebuilt: the record of an earlier round is missing or damaged.',
    };
  }
  const api = wireApiOf(provider, request.url);
  if (api === undefined) return { kind: 'none', reason: `Loupe does not know how to export a “${provider}” request.` };
  return { kind: 'http', api, request };
}

function wireApiOf(provider: string, url: string): WireApi | undefined {
  if (provider === 'anthropic' || provider === 'openai-compatible') return provider;
  const path = url.split(/[?#]/)[0] ?? '';
  if (path.endsWith('/chat/completions')) return 'openai-compatible';
  if (path.endsWith('/messages')) return 'anthropic';
  return undefined;
}
