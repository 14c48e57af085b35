// Pure: a transcript as a fold over run events. No I/O, no clock (createdAt comes from the caller).
import type { RunEvent } from '../event/run-event';
import type { ToolUseBlock } from '../message/message';
import type { ToolDefinition, Usage } from '../model/model';
import type { TimeoutSource } from '../tool/tool';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from './transcript';
import type {
  Transcript,
  TranscriptLimit,
  TranscriptLog,
  TranscriptProgress,
  TranscriptRound,
  TranscriptServer,
  TranscriptSettings,
  TranscriptToolCall,
} from './transcript';
import { sumUsage } from '../run/sum-usage';
import { foldHistory } from './fold-history';
import { createAppCallFold } from './fold-app-calls';

/** What a transcript records that the events do not carry. */
export interface TranscriptMeta {
  createdAt: string;
  app: { name: string; version: string };
  settings: TranscriptSettings;
  servers: TranscriptServer[];
}

/** `{ id }` when the provider named its response, else nothing (the field is optional). */
const withResponseId = (id: string | undefined): { id?: string } => (id === undefined ? {} : { id });

/**
 * Folds a run's events into a transcript (format version 3). Works on a run still going: rounds so far,
 * `finishReason: null` and the usage summed from the replies. Tool calls are listed in the model's order;
 * `edits` are empty until the debugger records some. Total: any event list gives a transcript.
 */
export function buildTranscript(events: readonly RunEvent[], meta: TranscriptMeta): Transcript {
  let runId = '';
  let system: string | undefined;
  let tools: ToolDefinition[] = [];
  const rounds = new Map<number, TranscriptRound>();
  const calls = new Map<number, Map<string, TranscriptToolCall>>();
  const inputs = new Map<string, Record<string, unknown>>();
  const timeouts = new Map<string, { ms: number; source: TimeoutSource }>();
  let repliesUsage: Usage = { inputTokens: 0, outputTokens: 0 };
  let end: Extract<RunEvent, { type: 'run-end' }> | undefined;
  // Edits of a call made before its result exists (input, a result given by hand) wait here.
  const earlyEdits = new Map<string, TranscriptToolCall['edits']>();
  // Progress and logs arrive before the call's end, which creates the call's entry.
  const progress = new Map<string, TranscriptProgress[]>();
  const logs = new Map<string, TranscriptLog[]>();
  const limits: TranscriptLimit[] = [];
  // Round-level records, merged at the end: a tools update and its policy act come before their round starts.
  const extras = new Map<number, RoundExtras>();
  const extrasOf = (round: number): RoundExtras => {
    const found = extras.get(round);
    if (found) return found;
    const created: RoundExtras = {};
    extras.set(round, created);
    return created;
  };

  const appCalls = createAppCallFold();
  const responseIds = new Map<number, string>();
  for (const event of events) {
    if (appCalls.accept(event)) continue;
    switch (event.type) {
      case 'run-start':
        runId = event.runId;
        system = event.system;
        tools = event.tools;
        break;
      case 'round-start':
        rounds.set(event.round, { round: event.round, request: event.request, response: null, toolCalls: [] });
        break;
      case 'response-start': {
        // The provider's id comes first; the response it names is written at its end.
        if (event.responseId !== undefined) responseIds.set(event.round, event.responseId);
        break;
      }
      case 'request-sent': {
        const round = rounds.get(event.round);
        if (round) round.sent = event.request;
        break;
      }
      case 'response-end': {
        const { startedAt, firstTokenAt, endedAt } = event.timing;
        const round = rounds.get(event.round);
        if (round) {
          round.response = {
            content: event.message.content,
            stopReason: event.stopReason,
            usage: event.usage,
            interrupted: event.interrupted === true,
            timing: {
              startedAt,
              endedAt,
              durationMs: endedAt - startedAt,
              ...(firstTokenAt === undefined ? {} : { timeToFirstTokenMs: firstTokenAt - startedAt }),
            },
            ...(event.contextManagement === undefined ? {} : { contextManagement: event.contextManagement }),
            ...(event.container === undefined ? {} : { container: event.container }),
            ...withResponseId(responseIds.get(event.round)),
          };
        }
        repliesUsage = sumUsage(repliesUsage, event.usage);
        break;
      }
      case 'tool-call-start':
        inputs.set(event.callId, event.input);
        if (event.timeout !== undefined) timeouts.set(event.callId, event.timeout);
        break;
      case 'tool-call-end': {
        const { queuedAt, startedAt, endedAt } = event.timing;
        const roundCalls = calls.get(event.round) ?? new Map<string, TranscriptToolCall>();
        calls.set(event.round, roundCalls);
        roundCalls.set(event.callId, {
          id: event.callId,
          name: event.name,
          input: inputs.get(event.callId) ?? findToolUse(rounds.get(event.round), event.callId)?.input ?? {},
          status: event.status,
          isError: event.isError,
          content: event.content,
          timing: { ...event.timing, durationMs: endedAt - (startedAt ?? queuedAt) },
          edits: earlyEdits.get(event.callId) ?? [],
          ...optionalTimeout(timeouts.get(event.callId)),
          ...(event.timeout === undefined ? {} : { timedOut: event.timeout }),
          ...listed('progress', progress.get(event.callId)),
          ...listed('logs', logs.get(event.callId)),
          ...(event.structuredContent === undefined ? {} : { structuredContent: event.structuredContent }),
        });
        break;
      }
      case 'tool-call-progress': {
        const { at, progress: value, total, message, task } = event;
        append(progress, event.callId, {
          at,
          progress: value,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message }),
          ...(task === undefined ? {} : { task }),
        });
        break;
      }
      case 'tool-call-log':
        append(logs, event.callId, { at: event.at, level: event.level, message: event.message });
        break;
      case 'notice': {
        const extra = extrasOf(event.round);
        extra.notices = [...(extra.notices ?? []), { at: event.at, message: event.message }];
        break;
      }
      case 'policy-act': {
        const { at, policy, detail, callId } = event;
        const extra = extrasOf(event.round);
        extra.policyActs = [
          ...(extra.policyActs ?? []),
          { at, policy, detail, ...(callId === undefined ? {} : { callId }) },
        ];
        break;
      }
      case 'tools-update':
        extrasOf(event.round).toolsUpdate = { at: event.at, tools: event.tools };
        break;
      case 'limit-reached': {
        const { at, limit, value, behaviour, detail } = event;
        limits.push({
          at,
          limit,
          value,
          ...(behaviour === undefined ? {} : { behaviour }),
          ...(detail === undefined ? {} : { detail }),
        });
        break;
      }
      case 'edit-apply':
        recordEdit(event, rounds.get(event.round), calls.get(event.round), earlyEdits);
        break;
      case 'pause-start':
      case 'pause-end':
        recordPause(event, extrasOf(event.round));
        break;
      case 'history-compact': {
        const round = rounds.get(event.round);
        const { type: _type, at, round: _round, ...made } = event;
        if (round) round.compactions = [...(round.compactions ?? []), { at, made }];
        break;
      }
      case 'run-end':
        end = event;
        break;
      default:
        break;
    }
  }

  const appCallsByRound = appCalls.byRound();
  for (const [number, round] of rounds) {
    round.toolCalls = orderByModel(round, calls.get(number));
    Object.assign(round, extras.get(number));
    const made = appCallsByRound.get(number);
    if (made !== undefined) round.appCalls = made;
  }
  return {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_VERSION,
    createdAt: meta.createdAt,
    app: meta.app,
    runId,
    ...(system === undefined ? {} : { system }),
    tools,
    settings: meta.settings,
    servers: meta.servers,
    messages: foldHistory(events),
    rounds: [...rounds.values()].sort((left, right) => left.round - right.round),
    finishReason: end?.finishReason ?? null,
    usage: end?.usage ?? repliesUsage,
    ...(end?.error === undefined ? {} : { error: end.error }),
    ...(limits.length === 0 ? {} : { limits }),
  };
}

/** A request edit goes to its round (with the new digest); a call edit to its call (a result edit changes what was sent). */
function recordEdit(
  event: Extract<RunEvent, { type: 'edit-apply' }>,
  round: TranscriptRound | undefined,
  roundCalls: Map<string, TranscriptToolCall> | undefined,
  earlyEdits: Map<string, TranscriptToolCall['edits']>,
): void {
  const edit = { what: event.what, before: event.before, after: event.after };
  if (event.callId === undefined) {
    if (!round) return;
    round.edits = [...(round.edits ?? []), edit];
    if (event.request) round.request = event.request;
    return;
  }
  const call = roundCalls?.get(event.callId);
  if (!call) {
    earlyEdits.set(event.callId, [...(earlyEdits.get(event.callId) ?? []), edit]);
    return;
  }
  call.edits.push(edit);
  if (event.what === 'result') call.content = event.after as TranscriptToolCall['content'];
  if (event.status !== undefined) call.status = event.status;
  if (event.isError !== undefined) call.isError = event.isError;
}

/** A pause as it starts (where, why) and as it ends (the answer, how far an approval reached). */
function recordPause(event: Extract<RunEvent, { type: 'pause-start' | 'pause-end' }>, extras: RoundExtras): void {
  if (event.type === 'pause-start') {
    const { pauseId, at, pause, reasons } = event;
    extras.pauses = [...(extras.pauses ?? []), { pauseId, at, pause, reasons }];
    return;
  }
  const held = extras.pauses?.find((pause) => pause.pauseId === event.pauseId);
  if (held === undefined) return;
  held.endedAt = event.at;
  held.decision = event.decision;
  if (event.remember !== undefined) held.remember = event.remember;
}

function findToolUse(round: TranscriptRound | undefined, callId: string): ToolUseBlock | undefined {
  return round?.response?.content.find(
    (block): block is ToolUseBlock => block.type === 'tool_use' && block.id === callId,
  );
}

/** Calls in the order of the reply's tool_use blocks; any call the reply does not list goes last. */
function orderByModel(
  round: TranscriptRound,
  roundCalls: Map<string, TranscriptToolCall> | undefined,
): TranscriptToolCall[] {
  if (!roundCalls) return [];
  const order = (round.response?.content ?? []).flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
  const position = (id: string): number => {
    const index = order.indexOf(id);
    return index === -1 ? order.length : index;
  };
  return [...roundCalls.values()].sort((left, right) => position(left.id) - position(right.id));
}

type RoundExtras = Pick<TranscriptRound, 'notices' | 'policyActs' | 'toolsUpdate' | 'pauses'>;

function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** `{ [name]: list }` when the list has entries, else nothing (so version-1 shaped calls stay as they were). */
function listed<K extends string, T>(name: K, list: T[] | undefined): Partial<Record<K, T[]>> {
  return list === undefined || list.length === 0 ? {} : ({ [name]: list } as Record<K, T[]>);
}

const optionalTimeout = (timeout: { ms: number; source: TimeoutSource } | undefined) =>
  timeout === undefined ? {} : { timeout };
