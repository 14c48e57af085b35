// Pure: the MCP Apps' calls of a run as the transcript records them (`rounds[].appCalls`), and back. No I/O.
import type { RunEvent } from '../event/run-event';
import type { TranscriptAppCall, TranscriptRound } from './transcript';

/** Collects app calls from a run's events; `accept` says whether an event was one of theirs. */
export interface AppCallFold {
  accept(event: RunEvent): boolean;
  /** The finished app calls by round, in the order they arrived (a call still going is left out). */
  byRound(): Map<number, TranscriptAppCall[]>;
}

/** Creates the fold (used by `buildTranscript`). */
export function createAppCallFold(): AppCallFold {
  const calls = new Map<string, TranscriptAppCall & { round: number; ended: boolean }>();
  return {
    accept(event) {
      switch (event.type) {
        case 'app-call-start': {
          const { round, callId, appOf, name, toolName, input, at } = event;
          calls.set(callId, {
            round,
            ended: false,
            id: callId,
            appOf,
            name,
            toolName,
            input,
            status: 'not-executed',
            isError: false,
            content: [],
            timing: { queuedAt: at, endedAt: at, durationMs: 0 },
            edits: [],
          });
          return true;
        }
        case 'app-call-end': {
          const call = calls.get(event.callId);
          if (call === undefined) return true;
          const { queuedAt, startedAt, endedAt } = event.timing;
          Object.assign(call, {
            ended: true,
            status: event.status,
            isError: event.isError,
            content: event.content,
            timing: { ...event.timing, durationMs: endedAt - (startedAt ?? queuedAt) },
          });
          if (event.structuredContent !== undefined) call.structuredContent = event.structuredContent;
          return true;
        }
        case 'app-call-progress': {
          const call = calls.get(event.callId);
          if (call === undefined) return true;
          const { at, progress, total, message, task } = event;
          call.progress = [
            ...(call.progress ?? []),
            {
              at,
              progress,
              ...(total === undefined ? {} : { total }),
              ...(message === undefined ? {} : { message }),
              ...(task === undefined ? {} : { task }),
            },
          ];
          return true;
        }
        case 'app-call-log': {
          const call = calls.get(event.callId);
          if (call === undefined) return true;
          call.logs = [...(call.logs ?? []), { at: event.at, level: event.level, message: event.message }];
          return true;
        }
        case 'edit-apply': {
          const call = event.callId === undefined ? undefined : calls.get(event.callId);
          if (call === undefined) return false;
          call.edits.push({ what: event.what, before: event.before, after: event.after });
          if (event.what === 'input') call.input = event.after as Record<string, unknown>;
          return true;
        }
        default:
          return false;
      }
    },
    byRound() {
      const rounds = new Map<number, TranscriptAppCall[]>();
      for (const { round, ended, ...call } of calls.values()) {
        if (!ended) continue;
        rounds.set(round, [...(rounds.get(round) ?? []), call]);
      }
      return rounds;
    },
  };
}

/** The events of a round's app calls: start (with the input the app sent), each edit, end. */
export function unfoldAppCalls(round: TranscriptRound): RunEvent[] {
  const events: RunEvent[] = [];
  for (const call of round.appCalls ?? []) {
    const { queuedAt, startedAt, endedAt } = call.timing;
    const inputEdit = call.edits.find((edit) => edit.what === 'input');
    const sent = (inputEdit?.before as Record<string, unknown> | undefined) ?? call.input;
    const base = { round: round.round, callId: call.id, appOf: call.appOf };
    events.push({
      type: 'app-call-start',
      at: queuedAt,
      ...base,
      name: call.name,
      toolName: call.toolName,
      input: sent,
    });
    for (const edit of call.edits)
      events.push({
        type: 'edit-apply',
        at: queuedAt,
        round: round.round,
        pauseId: '',
        callId: call.id,
        what: edit.what as Extract<RunEvent, { type: 'edit-apply' }>['what'],
        before: edit.before,
        after: edit.after,
      });
    for (const step of call.progress ?? []) events.push({ type: 'app-call-progress', ...base, ...step });
    for (const entry of call.logs ?? []) events.push({ type: 'app-call-log', ...base, ...entry });
    events.push({
      type: 'app-call-end',
      at: endedAt,
      ...base,
      status: call.status,
      isError: call.isError,
      content: call.content,
      ...(call.structuredContent === undefined ? {} : { structuredContent: call.structuredContent }),
      timing: { queuedAt, ...(startedAt === undefined ? {} : { startedAt }), endedAt },
    });
  }
  return events;
}
