// Pure: the loop's side of the debugger — asks the policy, holds the loop at a pause, applies edits. No I/O.
import type { RequestDigest, RunEvent } from '../event/run-event';
import type { Message, ToolResultContentBlock } from '../message/message';
import type { ModelRequest, StopReason } from '../model/model';
import type { PlannedToolCall } from '../run/assemble-assistant-message';
import type { ToolCallOutcome } from '../run/build-tool-result';
import type { AnnouncedPause } from '../run/resume-run';
import type { Tool, ToolResultStatus } from '../tool/tool';
import { applyRequestPatch } from './apply-request-patch';
import type { PauseDigest } from './debug-event';
import type { DebugController, PauseDecision, PausePayload, PauseTurn, PlannedCompaction } from './pause-point';
import { selectPause } from './select-pause';

/** Result text of a call refused by the per-tool approval setting. */
export const POLICY_DENIED_TEXT =
  'Denied: the user does not allow this tool to run. Do not call it again; answer without it or ask the user.';

/** What the loop does with a call after its `before-tool` point. */
export type BeforeToolVerdict =
  | { kind: 'run'; input: Record<string, unknown>; inputError?: string }
  | { kind: 'answer'; status: ToolResultStatus; content: ToolResultContentBlock[] }
  | { kind: 'stopped' };

/** What the loop does with a planned compaction after its `before-compaction` point. */
export type CompactionVerdict =
  { kind: 'apply' } | { kind: 'apply-edited'; summary: string } | { kind: 'skip' } | { kind: 'stopped' };

/** The loop's debugger hooks; without a controller every hook goes straight on and emits nothing. */
export interface DebugSession {
  /**
   * True when the session has no controller: every hook would go straight on, so a caller on a hot path
   * may skip them (and their async hops) altogether.
   */
  readonly inert?: boolean;
  beforeRequest(round: number, request: ModelRequest): Promise<ModelRequest>;
  afterReply(round: number, message: Message, stopReason: StopReason | null): Promise<void>;
  /** `appOf`: the call is an MCP App's, made from the app of that model call (the pause says so). */
  beforeTool(round: number, call: PlannedToolCall, tool: Tool | undefined, appOf?: string): Promise<BeforeToolVerdict>;
  afterTool(
    round: number,
    input: Record<string, unknown>,
    outcome: ToolCallOutcome,
    appOf?: string,
  ): Promise<ToolCallOutcome>;
  /** Holds a compaction planned after `round` before it is applied; an edited summary is recorded here. */
  beforeCompaction(round: number, compaction: PlannedCompaction): Promise<CompactionVerdict>;
  /**
   * The compaction a resumed run was holding after `round` (as its `pause-start` recorded it), so its summary
   * is shown again rather than asked of the model a second time; undefined otherwise.
   */
  announcedCompaction(round: number): PlannedCompaction | undefined;
  /**
   * Closes the resumed run's open `before-compaction` pause after `round` when the compaction does not come
   * again (the policy changed, the plan failed): logs its `pause-end` so other points stop waiting for it.
   */
  releaseCompaction(round: number): void;
}

/** What a session needs from the loop. `stop` cancels the run (as `run-stop` would). */
export interface DebugSessionOptions {
  controller: DebugController | undefined;
  signal: AbortSignal;
  emit: (event: RunEvent) => void;
  now: () => number;
  createId: (prefix: string) => string;
  stop: () => void;
  digest: (request: ModelRequest) => RequestDigest;
  /** A resumed run's open pause: the first matching point holds again under the same id, announced already. */
  resumeAt?: AnnouncedPause;
}

const isAnnounced = (pause: AnnouncedPause | undefined, payload: PausePayload): pause is AnnouncedPause =>
  pause !== undefined &&
  pause.kind === payload.kind &&
  pause.round === payload.round &&
  (pause.callId === undefined || ('callId' in payload && pause.callId === payload.callId));

const text = (value: string): ToolResultContentBlock => ({ type: 'text', text: value });

function digestOf(payload: PausePayload): PauseDigest {
  switch (payload.kind) {
    case 'before-request':
      return { kind: payload.kind, round: payload.round };
    case 'after-reply':
      return { kind: payload.kind, round: payload.round, stopReason: payload.stopReason };
    case 'before-tool':
      return {
        kind: payload.kind,
        round: payload.round,
        callId: payload.callId,
        name: payload.name,
        input: payload.input,
        ...(payload.problem === undefined ? {} : { problem: payload.problem }),
        ...(payload.appOf === undefined ? {} : { appOf: payload.appOf }),
      };
    case 'after-tool':
      return {
        kind: payload.kind,
        round: payload.round,
        callId: payload.callId,
        name: payload.name,
        input: payload.input,
        status: payload.status,
        ...(payload.appOf === undefined ? {} : { appOf: payload.appOf }),
      };
    case 'before-compaction':
      return { kind: payload.kind, round: payload.round, compaction: payload.compaction };
  }
}

/**
 * Creates the session of one run (ENGINE-SPEC §7). A point the policy selects emits `pause-start`,
 * awaits `controller.pauseGate` (raced with the run's signal: a cancel while paused reads as `stop`)
 * and emits `pause-end`; pauses are taken one at a time, so parallel calls stop in turn. The policy is
 * read again when a point's turn comes, so Continue pressed meanwhile lets waiting points go on.
 */
export function createDebugSession(options: DebugSessionOptions): DebugSession {
  const { controller, signal, emit, now } = options;
  // The run's sessions (the loop's, its apps' calls) share one turn when the controller gives one.
  const turn: PauseTurn = controller?.pauseTurn ?? { current: Promise.resolve() };
  let resumeAt = options.resumeAt;
  // A resumed run shows its open pause first: other points (a finished call's after-tool) wait for it.
  let announcedShown: () => void = () => undefined;
  const shown = new Promise<void>((resolve) => (announcedShown = resolve));
  if (resumeAt === undefined) announcedShown();
  else signal.addEventListener('abort', () => announcedShown(), { once: true });

  const waitForGate = (gate: () => Promise<PauseDecision>): Promise<PauseDecision> =>
    new Promise((resolve) => {
      const onAbort = (): void => resolve({ type: 'stop' });
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = (decision: PauseDecision): void => {
        signal.removeEventListener('abort', onAbort);
        resolve(decision);
      };
      // A failing gate is a bug in the host: stop visibly rather than run something nobody approved.
      Promise.resolve()
        .then(gate)
        .then(settle, () => settle({ type: 'stop' }));
    });

  async function pause(
    payload: PausePayload,
    tool?: Tool,
  ): Promise<{ decision: PauseDecision; pauseId: string } | null> {
    const announced = isAnnounced(resumeAt, payload) ? resumeAt : undefined;
    if (announced !== undefined) resumeAt = undefined;
    if (controller === undefined) return null;
    if (announced === undefined) await shown;
    if (announced === undefined && selectPause(controller.getPolicy(), payload, tool).reasons.length === 0) return null;
    let release: () => void = () => undefined;
    const previous = turn.current;
    turn.current = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      if (signal.aborted) return { decision: { type: 'stop' }, pauseId: '' };
      const reasons = announced?.reasons ?? selectPause(controller.getPolicy(), payload, tool).reasons;
      if (reasons.length === 0) return null;
      // A resumed run's pause is already in its log: it holds again under the same id.
      const pauseId = announced?.pauseId ?? options.createId('pause');
      announcedShown();
      if (announced === undefined) {
        emit({ type: 'pause-start', at: now(), pauseId, round: payload.round, pause: digestOf(payload), reasons });
      }
      const decision = await waitForGate(() => controller.pauseGate({ ...payload, pauseId, reasons }));
      const remember = 'remember' in decision ? decision.remember : undefined;
      emit({
        type: 'pause-end',
        at: now(),
        pauseId,
        round: payload.round,
        decision: decision.type,
        ...(remember === undefined ? {} : { remember }),
      });
      if (decision.type === 'stop') options.stop();
      return { decision, pauseId };
    } finally {
      release();
    }
  }

  return {
    inert: controller === undefined,
    async beforeRequest(round, sent) {
      // The loop's history array goes on growing after the request: the pause and an edit's record keep a copy.
      const request: ModelRequest = { ...sent, messages: sent.messages.slice() };
      const paused = await pause({ kind: 'before-request', round, request });
      if (paused?.decision.type !== 'edit-request') return sent;
      const applied = applyRequestPatch(request, paused.decision.patch);
      const digest = options.digest(applied.request);
      for (const edit of applied.edits) {
        emit({ type: 'edit-apply', at: now(), round, pauseId: paused.pauseId, request: digest, ...edit });
      }
      // Messages left as they were stay the loop's own array (the loop tells an edited history by identity).
      return applied.request.messages === request.messages
        ? { ...applied.request, messages: sent.messages }
        : applied.request;
    },

    async afterReply(round, message, stopReason) {
      await pause({ kind: 'after-reply', round, message, stopReason });
    },

    async beforeTool(round, call, tool, appOf) {
      const problem =
        call.inputError ?? (tool === undefined ? `Tool '${call.name}' is not available to this run.` : undefined);
      const payload: PausePayload = {
        kind: 'before-tool',
        round,
        callId: call.callId,
        name: call.name,
        input: call.input,
        ...(tool === undefined ? {} : { inputSchema: tool.inputSchema }),
        ...(problem === undefined ? {} : { problem }),
        ...(appOf === undefined ? {} : { appOf }),
      };
      if (controller !== undefined && selectPause(controller.getPolicy(), payload, tool).deny) {
        return { kind: 'answer', status: 'denied', content: [text(POLICY_DENIED_TEXT)] };
      }
      const asIs: BeforeToolVerdict = {
        kind: 'run',
        input: call.input,
        ...(call.inputError === undefined ? {} : { inputError: call.inputError }),
      };
      const paused = await pause(payload, tool);
      if (paused === null) return asIs;
      const { decision, pauseId } = paused;
      const base = { at: now(), round, pauseId, callId: call.callId };
      switch (decision.type) {
        case 'stop':
          return { kind: 'stopped' };
        case 'edit-input': {
          emit({ type: 'edit-apply', ...base, what: 'input', before: call.input, after: decision.input });
          // Edited input is validated again (ENGINE-SPEC rule 21): a bad edit is never sent to the tool.
          const inputError = tool ? controller?.validateInput?.(tool.inputSchema, decision.input) : undefined;
          return { kind: 'run', input: decision.input, ...(inputError === undefined ? {} : { inputError }) };
        }
        case 'skip': {
          const status: ToolResultStatus = decision.isError ? 'tool-error' : 'ok';
          const isError = decision.isError;
          emit({ type: 'edit-apply', ...base, what: 'skip', before: null, after: decision.content, status, isError });
          return { kind: 'answer', status, content: decision.content };
        }
        case 'deny': {
          const note = decision.message.trim();
          const content = [text(note === '' ? 'The user denied this call.' : `The user denied this call: ${note}`)];
          return { kind: 'answer', status: 'denied', content };
        }
        default:
          return asIs;
      }
    },

    async afterTool(round, input, outcome, appOf) {
      const paused = await pause({
        kind: 'after-tool',
        round,
        callId: outcome.callId,
        name: outcome.name,
        input,
        status: outcome.status,
        isError: outcome.status !== 'ok',
        content: outcome.content,
        ...(appOf === undefined ? {} : { appOf }),
      });
      if (paused?.decision.type !== 'edit-result') return outcome;
      const { content, isError } = paused.decision;
      const status: ToolResultStatus = !isError ? 'ok' : outcome.status === 'ok' ? 'tool-error' : outcome.status;
      emit({
        type: 'edit-apply',
        at: now(),
        round,
        pauseId: paused.pauseId,
        callId: outcome.callId,
        what: 'result',
        before: outcome.content,
        after: content,
        status,
        isError,
      });
      return { ...outcome, status, content };
    },

    async beforeCompaction(round, compaction) {
      const paused = await pause({ kind: 'before-compaction', round, compaction });
      if (paused === null) return { kind: 'apply' };
      const { decision, pauseId } = paused;
      switch (decision.type) {
        case 'stop':
          return { kind: 'stopped' };
        case 'skip-compaction':
          return { kind: 'skip' };
        case 'edit-summary': {
          // Only a compaction that summarises has a summary to edit; for any other the answer means "apply".
          if (compaction.summary === undefined || decision.summary === compaction.summary) return { kind: 'apply' };
          const edit = { what: 'compaction.summary' as const, before: compaction.summary, after: decision.summary };
          emit({ type: 'edit-apply', at: now(), round, pauseId, ...edit });
          return { kind: 'apply-edited', summary: decision.summary };
        }
        default:
          return { kind: 'apply' };
      }
    },

    announcedCompaction(round) {
      return resumeAt?.kind === 'before-compaction' && resumeAt.round === round ? resumeAt.compaction : undefined;
    },

    releaseCompaction(round) {
      if (resumeAt?.kind !== 'before-compaction' || resumeAt.round !== round) return;
      const { pauseId } = resumeAt;
      resumeAt = undefined;
      emit({ type: 'pause-end', at: now(), pauseId, round, decision: 'skip-compaction' });
      announcedShown();
    },
  };
}
