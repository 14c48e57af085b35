// Pure: where a run cut short (a reload) re-enters the loop, read from its own event log. No I/O.
import { closeCutAppCalls } from '../app-calls/close-cut-app-calls';
import type { PauseKind, PauseReason, PlannedCompaction } from '../debug/pause-point';
import type { RunEvent } from '../event/run-event';
import type { Message, ToolResultContentBlock } from '../message/message';
import type { ModelRequest, StopReason, Usage } from '../model/model';
import type { ToolResultStatus } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { ToolCallOutcome } from './build-tool-result';
import { planInterruptedResume, type InterruptedEntry } from './plan-interrupted-resume';
import { createEmptyUsage, sumUsage } from './sum-usage';

/**
 * `RunOptions.resume`: the stored log of a run cut short (a reload) before its `run-end`. The loop goes on
 * as the same run (same `runId`) and emits nothing already in `events`. Held at a pause: it shows the same
 * pause again (same `pauseId`, no second `pause-start`). Cut while working: see `planInterruptedResume`.
 */
export interface RunResume {
  events: readonly RunEvent[];
}

/** The pause a resumed run stands at, as its `pause-start` announced it. */
export interface AnnouncedPause {
  pauseId: string;
  kind: PauseKind;
  round: number;
  callId?: string;
  reasons: PauseReason[];
  /** The compaction a `before-compaction` pause was holding (its summary is not asked for again). */
  compaction?: PlannedCompaction;
}

/** A call of the resumed round that had answered before the cut. */
export interface RecordedCall {
  outcome: ToolCallOutcome;
  input: Record<string, unknown>;
  /** Whether its after-tool point was already passed (`done`), is the open pause (`open`), or is still to come. */
  afterTool: 'done' | 'open' | 'pending';
}

/** Fields of the request edited at earlier pauses; they stay for the rest of the run. */
export type RequestEdits = Partial<Omit<ModelRequest, 'messages'>>;

/** Where and how the loop re-enters (see `planResume`). */
export interface ResumePlan {
  runId: string;
  round: number;
  usage: Usage;
  /** Calls counted against the run's tool-call budget before the cut. */
  toolCalls: number;
  /** `pause`: hold the open pause again; otherwise how an interrupted run goes on (`InterruptedEntry`). */
  entry: 'pause' | InterruptedEntry;
  /** The open pause (entry `pause` only). */
  pause?: AnnouncedPause;
  /** Events that close what the cut left open, emitted before anything else (interrupted runs only). */
  closing: RunEvent[];
  edits: RequestEdits;
  /** The round's reply, when the pause came after it (after-reply, before-tool, after-tool) or it is settled again. */
  reply?: { message: Message; stopReason: StopReason | null; toolCalls: PlannedToolCall[] };
  /** The round's calls that had answered, by call id. */
  recorded: Map<string, RecordedCall>;
}

const REQUEST_FIELDS: Record<string, keyof RequestEdits> = {
  'request.system': 'system',
  'request.tools': 'tools',
  'request.maxTokens': 'maxTokens',
  'request.temperature': 'temperature',
  'request.toolChoice': 'toolChoice',
};

/** The last pause of `events` that never ended, in a run that never ended; undefined otherwise. */
export function findOpenPause(events: readonly RunEvent[]): AnnouncedPause | undefined {
  if (events.some((event) => event.type === 'run-end')) return undefined;
  const ended = new Set(events.flatMap((event) => (event.type === 'pause-end' ? [event.pauseId] : [])));
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    // An MCP App's call is held outside the loop: a reload answers it (the app is gone), never resumes at it.
    if (event?.type !== 'pause-start' || ended.has(event.pauseId) || event.pause.appOf !== undefined) continue;
    const { pauseId, pause, reasons } = event;
    return {
      pauseId,
      kind: pause.kind,
      round: pause.round,
      reasons,
      ...(pause.callId ? { callId: pause.callId } : {}),
      ...(pause.compaction ? { compaction: pause.compaction } : {}),
    };
  }
  return undefined;
}

/** True when `events` is the log of a run that started and never ended: `planResume` can go on from it. */
export function canResume(events: readonly RunEvent[]): boolean {
  return events.some((event) => event.type === 'run-start') && !events.some((event) => event.type === 'run-end');
}

/**
 * Reads where a run cut short re-enters: its id, the round, the usage and tool calls spent, the request
 * edits that persist, and — for a pause after the round's reply, or a round whose tools were running —
 * the reply and the calls that had answered (with any result edit made at their after-tool pause). A run
 * held at a pause holds it again; any other is planned by `planInterruptedResume` (`at` stamps the events
 * that close what the cut left open). Throws when the log is not of a run that started and never ended.
 */
export function planResume(events: readonly RunEvent[], at = 0): ResumePlan {
  const start = events.find((event) => event.type === 'run-start');
  if (start?.type !== 'run-start' || !canResume(events)) {
    throw new Error('The stored run has ended (or never started), so there is nothing to resume.');
  }
  const pause = findOpenPause(events);
  const interrupted = pause === undefined ? planInterruptedResume(events, at) : undefined;
  // A compaction is held between rounds: the run re-enters by preparing the next round, whose request it precedes.
  const betweenRounds = pause?.kind === 'before-compaction';
  const round = betweenRounds ? (pause?.round ?? 0) + 1 : (pause?.round ?? interrupted?.round ?? 1);
  const settle = interrupted?.entry === 'settle';
  let usage = createEmptyUsage();
  let toolCalls = 0;
  const edits: RequestEdits = {};
  let reply: ResumePlan['reply'];
  const recorded = new Map<string, RecordedCall>();
  const inputs = new Map<string, Record<string, unknown>>();
  const afterPauses = new Map<string, string>();
  const endedPauses = new Set<string>();
  for (const event of [...events, ...(interrupted?.closing ?? [])]) {
    if (event.type === 'response-end') usage = sumUsage(usage, event.usage);
    if (event.type === 'tool-call-end' && event.status !== 'not-executed') toolCalls += 1;
    if (event.type === 'edit-apply' && REQUEST_FIELDS[event.what] !== undefined) {
      Object.assign(edits, { [REQUEST_FIELDS[event.what] as string]: event.after });
    }
    if (!('round' in event) || event.round !== round) continue;
    switch (event.type) {
      case 'response-end':
        reply = { message: event.message, stopReason: event.stopReason, toolCalls: plannedCalls(event.message) };
        break;
      case 'tool-call-start':
        inputs.set(event.callId, event.input);
        break;
      case 'tool-call-end':
        recorded.set(event.callId, {
          outcome: outcomeOf(event.callId, event.name, event.status, event.content, event.retryable),
          input: inputs.get(event.callId) ?? {},
          afterTool: 'pending',
        });
        break;
      case 'pause-start':
        if (event.pause.kind === 'after-tool' && event.pause.callId) afterPauses.set(event.pause.callId, event.pauseId);
        if (event.pause.kind === 'before-tool' && event.pause.callId && event.pause.input) {
          inputs.set(event.pause.callId, event.pause.input);
        }
        break;
      case 'pause-end':
        endedPauses.add(event.pauseId);
        break;
      case 'edit-apply':
        if (event.what === 'input' && event.callId) inputs.set(event.callId, event.after as Record<string, unknown>);
        if (event.what === 'result' && event.callId) editResult(recorded, event.callId, event.after, event.status);
        break;
      default:
        break;
    }
  }
  for (const [callId, call] of recorded) {
    const pauseId = afterPauses.get(callId);
    // A run cut while working had passed every after-tool point it reached: none is shown again.
    if (settle) call.afterTool = 'done';
    else if (pauseId !== undefined) call.afterTool = endedPauses.has(pauseId) ? 'done' : 'open';
  }
  const keepsReply = pause === undefined ? settle : pause.kind !== 'before-request' && !betweenRounds;
  return {
    runId: start.runId,
    round,
    usage,
    toolCalls,
    entry: interrupted?.entry ?? 'pause',
    ...(pause === undefined ? {} : { pause }),
    // The app calls the cut left open close first: their apps' frames went with the page (close-cut-app-calls.ts).
    closing: [...closeCutAppCalls(events, at), ...(interrupted?.closing ?? [])],
    edits,
    ...(keepsReply && reply !== undefined ? { reply } : {}),
    recorded: keepsReply ? recorded : new Map<string, RecordedCall>(),
  };
}

function plannedCalls(message: Message): PlannedToolCall[] {
  return message.content.flatMap((block) =>
    block.type === 'tool_use' ? [{ callId: block.id, name: block.name, input: block.input }] : [],
  );
}

function outcomeOf(
  callId: string,
  name: string,
  status: ToolResultStatus,
  content: ToolResultContentBlock[],
  retryable: boolean | undefined,
): ToolCallOutcome {
  return { callId, name, status, content, ...(retryable === undefined ? {} : { retryable }) };
}

function editResult(
  recorded: Map<string, RecordedCall>,
  callId: string,
  after: unknown,
  status: ToolResultStatus | undefined,
): void {
  const call = recorded.get(callId);
  if (call === undefined || !Array.isArray(after)) return;
  const content = after as ToolResultContentBlock[];
  call.outcome = { ...call.outcome, content, ...(status === undefined ? {} : { status }) };
}
