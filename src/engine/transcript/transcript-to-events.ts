// Pure: the run events a transcript describes, so an imported run is shown by the same fold as a live one.
import { redactUrl } from '../../shared/redact-url';
import type { LimitKind, RunEvent } from '../event/run-event';
import type { Message, ToolResultBlock } from '../message/message';
import type { Transcript, TranscriptRound, TranscriptToolCall } from './transcript';
import { unfoldAppCalls } from './fold-app-calls';

/**
 * Unfolds `transcript` into the events of its run: `run-start` with the messages sent before round 1,
 * then per round `round-start`, `response-start`/`response-end`, each call's `tool-call-start`/`-end`,
 * `tool-results-commit` and `round-end`, and `run-end` when the run had ended. `buildTranscript` of the
 * result gives the transcript back (the round-trip is tested). Total: any valid transcript unfolds.
 */
export function transcriptToEvents(transcript: Transcript): RunEvent[] {
  const firstRequest = transcript.rounds[0]?.request.messageCount ?? transcript.messages.length;
  const startedAt = Date.parse(transcript.createdAt);
  const origin = Number.isFinite(startedAt) ? startedAt : 0;
  const events: RunEvent[] = [
    {
      type: 'run-start',
      at: transcript.rounds[0]?.response?.timing.startedAt ?? origin,
      runId: transcript.runId,
      ...(transcript.system === undefined ? {} : { system: transcript.system }),
      tools: transcript.tools,
      messages: transcript.messages.slice(0, Math.max(1, firstRequest)),
      maxRounds: transcript.settings.maxRounds,
      // Costs of an imported run are shown at the price it recorded, not today's.
      ...(transcript.settings.price === undefined ? {} : { price: transcript.settings.price }),
    },
  ];
  let last = events[0]?.type === 'run-start' ? events[0].at : origin;
  for (const round of transcript.rounds) {
    // A run cut short (no finish reason) may have ended calls whose results were never committed.
    const recorded = recordedResults(transcript, round);
    const commit = recorded ?? (transcript.finishReason === null ? null : undefined);
    last = unfoldRound(round, last, events, commit);
  }
  for (const reached of transcript.limits ?? []) {
    const { at: _at, ...rest } = reached;
    events.push({ type: 'limit-reached', at: Math.max(last, reached.at), ...rest });
  }
  if (transcript.finishReason !== null) {
    const limit = transcript.limits === undefined ? limitOf(transcript.finishReason) : undefined;
    if (limit !== undefined) {
      const value = limit === 'rounds' ? transcript.settings.maxRounds : 0;
      events.push({ type: 'limit-reached', at: last, limit, value });
    }
    events.push({
      type: 'run-end',
      at: last,
      finishReason: transcript.finishReason,
      usage: transcript.usage,
      ...(transcript.error === undefined ? {} : { error: transcript.error }),
    });
  }
  return events;
}

const LIMIT_KINDS: readonly LimitKind[] = ['rounds', 'tool-calls', 'wall-time', 'tokens', 'cost', 'loop'];

/** The limit a `limit:<kind>` finish reason names (older or unknown kinds read as `rounds`). */
function limitOf(finishReason: string): LimitKind | undefined {
  if (!finishReason.startsWith('limit:')) return undefined;
  const kind = finishReason.slice('limit:'.length);
  return LIMIT_KINDS.find((known) => known === kind) ?? 'rounds';
}

/** Appends one round's events; returns the time the round ended. */
function unfoldRound(
  round: TranscriptRound,
  previous: number,
  events: RunEvent[],
  /** The committed results message; undefined: build it from the calls; null: none was committed. */
  recorded: Message | null | undefined,
): number {
  const start = round.response?.timing.startedAt ?? previous;
  // In a run, a tools update and its policy act come just before the round starts.
  if (round.toolsUpdate)
    events.push({ type: 'tools-update', at: round.toolsUpdate.at, round: round.round, tools: round.toolsUpdate.tools });
  for (const act of round.policyActs ?? []) events.push({ type: 'policy-act', round: round.round, ...act });
  for (const notice of round.notices ?? []) events.push({ type: 'notice', round: round.round, ...notice });
  events.push({ type: 'round-start', at: start, round: round.round, request: round.request });
  unfoldDebugTrail(round, start, events);
  // A transcript from elsewhere may carry a URL with secrets in it: they are not kept.
  if (round.sent) {
    const request = { ...round.sent, url: redactUrl(round.sent.url) };
    events.push({ type: 'request-sent', at: start, round: round.round, request });
  }
  let end = start;
  if (round.response !== null) {
    const { timing } = round.response;
    events.push({
      type: 'response-start',
      at: timing.startedAt,
      round: round.round,
      model: round.request.model,
      ...(round.response.id === undefined ? {} : { responseId: round.response.id }),
    });
    const message: Message = { role: 'assistant', content: round.response.content };
    events.push({
      type: 'response-end',
      at: timing.endedAt,
      round: round.round,
      message,
      stopReason: round.response.stopReason,
      usage: round.response.usage,
      timing: {
        startedAt: timing.startedAt,
        endedAt: timing.endedAt,
        ...(timing.timeToFirstTokenMs === undefined
          ? {}
          : { firstTokenAt: timing.startedAt + timing.timeToFirstTokenMs }),
      },
      ...(round.response.interrupted ? { interrupted: true } : {}),
      ...(round.response.contextManagement === undefined
        ? {}
        : { contextManagement: round.response.contextManagement }),
      ...(round.response.container === undefined ? {} : { container: round.response.container }),
    });
    end = timing.endedAt;
  }
  const results: ToolResultBlock[] = [];
  for (const call of round.toolCalls) {
    if (call.timing.startedAt !== undefined)
      events.push({
        type: 'tool-call-start',
        at: call.timing.startedAt,
        round: round.round,
        callId: call.id,
        name: call.name,
        input: call.input,
        queuedAt: call.timing.queuedAt,
        ...(call.timeout === undefined ? {} : { timeout: call.timeout }),
      });
    for (const step of call.progress ?? [])
      events.push({ type: 'tool-call-progress', round: round.round, callId: call.id, ...step });
    for (const entry of call.logs ?? [])
      events.push({ type: 'tool-call-log', round: round.round, callId: call.id, ...entry });
    events.push({
      type: 'tool-call-end',
      at: call.timing.endedAt,
      round: round.round,
      callId: call.id,
      name: call.name,
      status: call.status,
      isError: call.isError,
      content: call.content,
      ...(call.timedOut === undefined ? {} : { timeout: call.timedOut }),
      ...(call.structuredContent === undefined ? {} : { structuredContent: call.structuredContent }),
      timing: {
        queuedAt: call.timing.queuedAt,
        ...(call.timing.startedAt === undefined ? {} : { startedAt: call.timing.startedAt }),
        endedAt: call.timing.endedAt,
      },
    });
    for (const edit of call.edits) events.push(editEvent(round.round, call.timing.endedAt, edit, call.id));
    results.push({
      type: 'tool_result',
      tool_use_id: call.id,
      content: call.content,
      ...(call.isError ? { is_error: true } : {}),
    });
    end = Math.max(end, call.timing.endedAt);
  }
  if (results.length > 0 && recorded !== null) {
    const message: Message = recorded ?? { role: 'user', content: results };
    events.push({ type: 'tool-results-commit', at: end, round: round.round, message });
  }
  events.push({ type: 'round-end', at: end, round: round.round });
  // Compactions made after this round: the requests that follow sent the compacted history.
  for (const compaction of round.compactions ?? [])
    events.push({ type: 'history-compact', at: compaction.at, round: round.round, ...compaction.made });
  // The calls of the round's MCP Apps: they never entered the history, so they go after the round.
  events.push(...unfoldAppCalls(round));
  return end;
}

type EditEvent = Extract<RunEvent, { type: 'edit-apply' }>;
type TranscriptEdit = TranscriptToolCall['edits'][number];

/** An edit as its event (without the digest or status the transcript keeps on the round and the call). */
function editEvent(round: number, at: number, edit: TranscriptEdit, callId?: string): EditEvent {
  return {
    type: 'edit-apply',
    at,
    round,
    pauseId: '',
    what: edit.what as EditEvent['what'],
    before: edit.before,
    after: edit.after,
    ...(callId === undefined ? {} : { callId }),
  };
}

/**
 * The round's pauses (each start with its end) and its request edits, right after its start: the same marks and
 * answers as the run showed. A pause that was still held when the file was written is left out: an imported run
 * has no engine to answer it.
 */
function unfoldDebugTrail(round: TranscriptRound, start: number, events: RunEvent[]): void {
  for (const held of round.pauses ?? []) {
    if (held.decision === undefined) continue;
    const { pauseId, at, pause, reasons, decision, remember } = held;
    events.push({ type: 'pause-start', at, pauseId, round: round.round, pause, reasons });
    events.push({
      type: 'pause-end',
      at: held.endedAt ?? at,
      pauseId,
      round: round.round,
      decision,
      ...(remember === undefined ? {} : { remember }),
    });
  }
  for (const edit of round.edits ?? []) events.push(editEvent(round.round, start, edit));
}

/**
 * The user message of tool results the history holds after `round`'s reply (as the engine committed it,
 * e.g. with "(no output)" filled in), when it answers exactly the round's calls; else undefined.
 */
function recordedResults(transcript: Transcript, round: TranscriptRound): Message | undefined {
  const candidate = transcript.messages[round.request.messageCount + 1];
  if (candidate?.role !== 'user' || round.toolCalls.length === 0) return undefined;
  const ids = candidate.content.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : []));
  const expected = round.toolCalls.map((call) => call.id);
  if (ids.length !== expected.length || ids.some((id, index) => id !== expected[index])) return undefined;
  return { role: 'user', content: candidate.content.filter((block) => block.type === 'tool_result') };
}
