// Pure: what a HAR holds (issue 35: "one server or all, a run or the whole session"). Touches no store or I/O.
import type { Transcript } from '../transcript/transcript';
import type { ServerTraffic } from './traffic-to-har';

/** `run`: the shown run's model calls and the MCP traffic while it ran; `session`: every run's and all traffic held. */
export type HarRuns = 'run' | 'session';

/** The person's choice in Export → HAR. `server` is a server's name; absent means every server. */
export interface HarScope {
  runs: HarRuns;
  server?: string;
}

/**
 * The span of time a run covers: from its start (`createdAt` is the run-start's time) or its first round, whichever is
 * first, to the end of its last round or tool call (its start when it has none yet).
 */
export function runWindow(transcript: Transcript): { from: number; to: number } {
  const created = Date.parse(transcript.createdAt);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const round of transcript.rounds) {
    if (round.response) {
      starts.push(round.response.timing.startedAt);
      ends.push(round.response.timing.endedAt);
    }
    for (const call of round.toolCalls) ends.push(call.timing.endedAt);
  }
  const from = Math.min(...[created, ...starts].filter(Number.isFinite));
  return { from, to: ends.length === 0 ? from : Math.max(...ends) };
}

/**
 * The servers' logs the scope keeps: the named server's alone (or all), and for a run only the messages sent or
 * received inside its window — a response keeps the request it answers, so pairs are never split across the edge.
 * Servers left with no message are dropped.
 */
export function scopeServerTraffic(
  traffic: readonly ServerTraffic[],
  scope: HarScope,
  transcripts: readonly Transcript[],
): ServerTraffic[] {
  const servers = scope.server === undefined ? traffic : traffic.filter((server) => server.name === scope.server);
  if (scope.runs === 'session') return servers.filter((server) => server.entries.length > 0);
  const windows = transcripts.map(runWindow);
  const inside = (at: number) => windows.some((span) => at >= span.from && at <= span.to);
  return servers.flatMap((server) => {
    // A request sent inside the window keeps its answer even when the answer came after the window closed.
    const kept = new Set(
      server.entries
        .filter((entry) => entry.direction === 'sent' && entry.kind === 'request' && inside(entry.at))
        .map((entry) => String(entry.id)),
    );
    const entries = server.entries.filter(
      (entry) =>
        inside(entry.at) || (entry.direction === 'received' && entry.id !== undefined && kept.has(String(entry.id))),
    );
    return entries.length === 0 ? [] : [{ ...server, entries }];
  });
}

/** The scope in words, for the HAR's comment (so a reader of the file knows what it does not hold). */
export function describeHarScope(scope: HarScope, runCount: number): string {
  const runs = scope.runs === 'run' ? 'the shown run' : `the whole session (${runCount} run(s))`;
  const servers = scope.server === undefined ? 'every server' : `the server ${scope.server}`;
  return `Scope: ${runs}; MCP traffic of ${servers}${scope.runs === 'run' ? ' while the run ran' : ' as the page holds it'}.`;
}
