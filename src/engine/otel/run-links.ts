// Pure: what a run's `invoke_agent` span links to — a fork (or a Continue live) to the round of the run it came from,
// a replay to the run it replays — so a backend shows what the run is and where it came from.
import { spanIdOf, traceIdOf } from './otel-ids';
import { toAttributes, type OtlpSpanLink } from './otlp-json';

/** Where a run came from besides a fork (the worker knows; a transcript does not say). */
export interface RunOrigin {
  kind: 'replay';
  /** The run it replays. */
  sourceRunId: string;
  /** `offline` (recorded replies and results), `recorded-replies` or `live`. */
  mode: string;
}

export interface RunLinkInput {
  parentRunId: string | null;
  forkRound: number | null;
  origin?: RunOrigin | undefined;
  /** The rounds of the parent run when it is in the same export (so a link names a span that exists). */
  parentRounds?: readonly number[] | undefined;
}

/**
 * The fork link names the parent's `chat` span of the round re-asked. A Continue live goes on after the parent's
 * last round (its fork round is one past it): when the export holds the parent and it has no such round, the
 * link names the parent's last round instead (a fork of a round the parent only inherited keeps its number).
 */
function forkTarget(forkRound: number | null, parentRounds: readonly number[] | undefined): string {
  if (forkRound === null) return 'agent';
  const last = parentRounds?.at(-1);
  return last !== undefined && forkRound > last ? `round:${last}` : `round:${forkRound}`;
}

/** The links of a run's `invoke_agent` span: none for a run started from a message. */
export function runLinks({ parentRunId, forkRound, origin, parentRounds }: RunLinkInput): OtlpSpanLink[] {
  const links: OtlpSpanLink[] = [];
  if (parentRunId !== null)
    links.push({
      traceId: traceIdOf(parentRunId),
      spanId: spanIdOf(parentRunId, forkTarget(forkRound, parentRounds)),
      attributes: toAttributes({ 'loupe.link.kind': 'fork', 'loupe.fork.round': forkRound ?? undefined }),
    });
  if (origin?.kind === 'replay')
    links.push({
      traceId: traceIdOf(origin.sourceRunId),
      spanId: spanIdOf(origin.sourceRunId, 'agent'),
      attributes: toAttributes({ 'loupe.link.kind': 'replay', 'loupe.replay.mode': origin.mode }),
    });
  return links;
}
