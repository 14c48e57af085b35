// Pure: runs one round's tool calls under the loop policies (ENGINE-SPEC §4–6). Clock and timers come from RunEnvironment.
import type { DebugSession } from '../debug/create-debug-session';
import type { RunEvent } from '../event/run-event';
import type { ToolResultContentBlock } from '../message/message';
import { callSignature } from '../policies/canonical-json';
import { describeExhaustedBudget } from '../policies/retry-budget';
import { resolveToolName } from '../policies/resolve-tool-name';
import type { RunPolicyState } from '../policies/run-policy-state';
import type { SlotKeys } from '../policies/concurrency-scheduler';
import { countResultChars, truncateResult } from '../policies/truncate-result';
import type { Tool, ToolResultStatus } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { ReadyToolCall } from './collect-model-response';
import type { ToolCallOutcome } from './build-tool-result';
import type { RunEnvironment } from './run-options';
import type { SettledCall } from './run-with-deadline';
import { endCall, runCall, type CallRound } from './call-bookkeeping';
import { createCancelScope, type AbortSource } from './cancel-scope';
import { capCallLogs } from './cap-call-logs';
import { hasRetryableFailure, rerunSequentially, type RanCall } from './rerun-sequentially';
import type { RecordedCall } from './resume-run';
import { RELOAD_NOT_RERUN_TEXT } from './plan-interrupted-resume';

export { CANCELLED_TEXT } from './run-with-deadline';

/** Default per-call timeout when neither the tool nor the run sets one (ENGINE-SPEC rule 12). */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;
/** Result text of a call that never started because the run was cancelled first. */
export const NOT_EXECUTED_TEXT = 'Not executed: the run was cancelled before this call started.';

/** Inputs of `createRoundExecutor`. */
export interface RoundExecutorOptions {
  round: number;
  /** The catalogue of this round (after any tools/list_changed refresh). */
  tools: readonly Tool[];
  /** The run's cancel: running calls become `cancelled`, unstarted ones `not-executed`. */
  signal: AbortSource;
  environment: RunEnvironment;
  /** Used when a tool sets no `timeoutMs`. */
  timeoutMs: number;
  /** The most one call may take in all, progress or not (`LoopPolicies.toolMaxTotalMs`). Default none. */
  maxTotalMs?: number;
  emit: (event: RunEvent) => void;
  state: RunPolicyState;
  /** The run's debugger hooks (pauses before and after each call); absent = run straight through. */
  debug?: DebugSession;
  /** Whether the debugger would stop before this call (such a call never starts eagerly). */
  wouldPause?: (call: PlannedToolCall, tool: Tool) => boolean;
  /** A resumed round's calls that had answered before the cut: their outcomes stand, nothing runs again. */
  recorded?: ReadonlyMap<string, RecordedCall>;
  /**
   * The round was cut while its calls ran (a reload): a call with no recorded outcome runs again only when
   * its tool is read-only; any other is answered `not-executed`, as it may have taken effect already.
   */
  cutShort?: boolean;
}

/** One round's calls: started early while the reply streams, or all at once after it. */
export interface RoundExecutor {
  /** Starts the call now if it is safe (read-only, valid, no pause, budget left); returns whether it started. */
  startEarly(ready: ReadyToolCall): boolean;
  /** Answers every call (starting those not yet started) and resolves with the outcomes in the model's order. */
  settle(calls: readonly PlannedToolCall[]): Promise<ToolCallOutcome[]>;
  /** The reply failed: early calls are cancelled and end in the trace; nothing is committed. */
  abandon(): Promise<void>;
  /** The reply asked for no calls: the round's cancel stops following the run's (`settle` does this otherwise). */
  release(): void;
  /**
   * `callSignature(name, call.input)`: the one made when the call ran when it ran under that name with that
   * input object (made once per call, not again for the loop guard), else made now. Callable detached.
   */
  readonly signatureOf: (name: string, call: PlannedToolCall) => string;
}

const text = (value: string): ToolResultContentBlock => ({ type: 'text', text: value });

/** Creates the executor of one round (see `RoundExecutor`). Never rejects: failures become statuses. */
export function createRoundExecutor(options: RoundExecutorOptions): RoundExecutor {
  const { environment, round, emit, state } = options;
  const { policies } = state;
  // The round's cancel follows the run's with its reason (a wall-time stop reads as a timeout, a cancel as a
  // cancel); a scope rather than an AbortController, as each call of the round listens to it.
  const signal = createCancelScope(options.signal);
  const started = new Map<string, Promise<ToolCallOutcome>>();
  const shared = new Map<string, { callId: string; outcome: Promise<ToolCallOutcome> }>();
  const ran = new Map<string, RanCall>();
  // The signature each call ran with, by call id, as made from its name and input object (see `signatureOf`).
  const signatures = new Map<string, { name: string; input: Record<string, unknown>; signature: string }>();
  let index = 0;
  let capNoted = false;
  const bookkeeping: CallRound = { round, emit, environment, timeoutMs: options.timeoutMs };
  if (options.maxTotalMs !== undefined) bookkeeping.maxTotalMs = options.maxTotalMs;
  const act = (policy: Extract<RunEvent, { type: 'policy-act' }>['policy'], detail: string, callId?: string) =>
    emit({ type: 'policy-act', at: environment.now(), round, policy, detail, ...(callId ? { callId } : {}) });

  // Helpers of the executor, not closures per call: a round's every call goes through them.
  const finish = (
    call: PlannedToolCall,
    queuedAt: number,
    settled: SettledCall,
    startedAt?: number,
    full?: ToolResultContentBlock[],
  ): ToolCallOutcome => endCall(bookkeeping, call, settled, queuedAt, startedAt, full);
  const answer = (call: PlannedToolCall, queuedAt: number, status: ToolResultStatus, value: string): ToolCallOutcome =>
    finish(call, queuedAt, { status, content: [text(value)] });
  // Every answered call (ran, bad input, unknown name) passes the after-tool point, where its result can be edited.
  const after = (
    input: Record<string, unknown>,
    outcome: ToolCallOutcome,
  ): Promise<ToolCallOutcome> | ToolCallOutcome =>
    options.debug ? options.debug.afterTool(round, input, outcome) : outcome;

  async function execute(call: PlannedToolCall, eager: boolean): Promise<ToolCallOutcome> {
    const recorded = options.recorded?.get(call.callId);
    if (recorded !== undefined) {
      index += 1;
      // Its after-tool point is still to come (or is the open pause): it passes there as a live call would.
      if (recorded.afterTool === 'done' || options.debug === undefined) return recorded.outcome;
      return options.debug.afterTool(round, recorded.input, recorded.outcome);
    }
    const queuedAt = environment.now();

    if (signal.aborted) return answer(call, queuedAt, 'not-executed', NOT_EXECUTED_TEXT);
    if (options.cutShort === true && !isReadOnly(call))
      return answer(call, queuedAt, 'not-executed', RELOAD_NOT_RERUN_TEXT);
    const position = index++;
    const perRound = policies.limits.maxToolCallsPerRound ?? Infinity;
    const perRun = policies.limits.maxToolCalls ?? Infinity;
    if (position >= perRound || state.toolCalls >= perRun) {
      const cap = position >= perRound ? `${perRound} tool calls per round` : `${perRun} tool calls per run`;
      if (!capNoted) act('tool-call-cap', `Calls past ${cap} were not executed.`);
      capNoted = true;
      return answer(call, queuedAt, 'not-executed', `Not executed: budget reached (${cap}).`);
    }
    state.toolCalls += 1;

    const resolved = resolveToolName(call.name, options.tools);
    const tool = resolved.ok ? resolved.tool : undefined;
    if (resolved.ok && resolved.caseFixed)
      act('name-resolution', `'${call.name}' resolved to '${resolved.tool.name}'.`, call.callId);
    if (tool !== undefined && state.retry.isWithheld(tool.name)) {
      return answer(
        call,
        queuedAt,
        'not-executed',
        `Not executed: tool '${tool.name}' is withheld for this round after repeated invalid input. Explain the problem to the user instead.`,
      );
    }
    const checked = call.inputError ?? (tool === undefined ? undefined : state.validate(tool, call.input));
    // Without a debugger the call runs as planned; with one, as its before-tool point decides.
    let input = call.input;
    let inputError = checked;
    if (options.debug !== undefined) {
      const planned: PlannedToolCall = { ...call, ...(checked === undefined ? {} : { inputError: checked }) };
      const verdict = await options.debug.beforeTool(round, planned, tool);
      if (verdict.kind === 'stopped' || signal.aborted)
        return answer(call, queuedAt, 'not-executed', NOT_EXECUTED_TEXT);
      if (verdict.kind === 'answer')
        return finish(call, queuedAt, { status: verdict.status, content: verdict.content });
      ({ input, inputError } = verdict);
    } else if (signal.aborted) return answer(call, queuedAt, 'not-executed', NOT_EXECUTED_TEXT);
    if (inputError !== undefined) {
      const key = tool?.name ?? call.name;
      const exhausted = state.retry.recordInvalid(key);
      if (exhausted)
        act(
          'retry-budget',
          `'${key}' is withheld for the next round after ${policies.retryBudget} invalid calls.`,
          call.callId,
        );
      const message = exhausted ? `${inputError}\n${describeExhaustedBudget(key, policies.retryBudget)}` : inputError;
      return after(input, answer(call, queuedAt, 'invalid-input', message));
    }
    if (!tool) return after(input, answer(call, queuedAt, 'not-found', resolved.ok ? '' : resolved.message));
    state.retry.recordValid(tool.name);

    const signature = callSignature(tool.name, input);
    signatures.set(call.callId, { name: tool.name, input, signature });
    const readOnly = tool.annotations?.readOnlyHint === true;
    const twin = readOnly && policies.duplicates !== 'off' ? shared.get(signature) : undefined;
    if (twin !== undefined) {
      const first = await twin.outcome;
      act('duplicate', `Identical to call ${twin.callId} in this round: ran once, result shared.`, call.callId);
      return after(input, finish(call, queuedAt, { status: first.status, content: first.content }));
    }
    const duplicate = state.duplicates.check(signature, tool.name);
    if (duplicate.kind === 'block') {
      act('duplicate', `Blocked: the same call was made ${duplicate.count} times before.`, call.callId);
      return after(input, finish(call, queuedAt, { status: 'duplicate', content: duplicate.content }));
    }
    const outcome = runTool(call, tool, input, eager, queuedAt, duplicate.kind === 'warn' ? duplicate.note : undefined);
    if (readOnly && policies.duplicates !== 'off') shared.set(signature, { callId: call.callId, outcome });
    if (duplicate.kind === 'warn')
      act('duplicate', `Warned: the same call was made ${duplicate.count} times before.`, call.callId);
    const settled = await outcome;
    // Without a debugger nothing to wait for at the after-tool point (no await of a plain value).
    const final = options.debug === undefined ? settled : await after(input, settled);
    if (final === settled) ran.set(call.callId, { call, tool, input });
    return final;
  }

  function runTool(
    call: PlannedToolCall,
    tool: Tool,
    input: Record<string, unknown>,
    eager: boolean,
    queuedAt: number,
    note: string | undefined,
  ): Promise<ToolCallOutcome> {
    // Set when present rather than spread from a literal: this runs for every call.
    const keys: SlotKeys = { tool: tool.name };
    if (tool.origin.kind === 'mcp') keys.server = tool.origin.serverName;
    const onQueued = (): void =>
      emit({ type: 'tool-call-queued', at: environment.now(), round, callId: call.callId, name: call.name });
    return state.scheduler.run(
      keys,
      async () => {
        if (signal.aborted) return answer(call, queuedAt, 'not-executed', NOT_EXECUTED_TEXT);
        const { startedAt, settled: running } = runCall(bookkeeping, call, tool, input, signal, {
          queuedAt,
          eager,
          onProgress: (progress) =>
            emit({ type: 'tool-call-progress', at: environment.now(), round, callId: call.callId, ...progress }),
          onLog: capCallLogs((level, message) =>
            emit({ type: 'tool-call-log', at: environment.now(), round, callId: call.callId, level, message }),
          ),
        });
        const settled = await running;
        const withNote = note === undefined ? settled : { ...settled, content: [...settled.content, text(note)] };
        // Most results fit: measured without the copy and the record `truncateResult` makes.
        if (countResultChars(withNote.content) <= policies.maxResultChars)
          return finish(call, queuedAt, withNote, startedAt);
        const cut = truncateResult(withNote.content, policies.maxResultChars);
        emit({
          type: 'policy-act',
          at: environment.now(),
          round,
          policy: 'truncate',
          callId: call.callId,
          detail: `Result cut to ${policies.maxResultChars} of ${cut.totalChars} characters; the full result stays in the trace.`,
        });
        return finish(
          call,
          queuedAt,
          { ...withNote, status: withNote.status === 'ok' ? 'truncated' : withNote.status, content: cut.content },
          startedAt,
          withNote.content,
        );
      },
      onQueued,
    );
  }

  function isReadOnly(call: PlannedToolCall): boolean {
    const resolved = resolveToolName(call.name, options.tools);
    return resolved.ok && resolved.tool.annotations?.readOnlyHint === true;
  }

  const start = (call: PlannedToolCall, eager: boolean): Promise<ToolCallOutcome> => {
    const existing = started.get(call.callId);
    if (existing !== undefined) return existing;
    const promise = execute(call, eager);
    started.set(call.callId, promise);
    return promise;
  };

  return {
    startEarly(ready) {
      if (!policies.eagerStart || signal.aborted || started.has(ready.callId)) return false;
      const resolved = resolveToolName(ready.name, options.tools);
      if (!resolved.ok || resolved.tool.annotations?.readOnlyHint !== true) return false;
      const call = ready.plan();
      if (call.inputError !== undefined) return false;
      if (state.validate(resolved.tool, call.input) !== undefined) return false;
      if (options.wouldPause?.(call, resolved.tool) === true) return false;
      void start(call, true);
      act('eager-start', `Started while the reply was still streaming (read-only).`, call.callId);
      return true;
    },
    async settle(calls) {
      const outcomes = await Promise.all(calls.map((call) => start(call, false)));
      try {
        // Most rounds have no retryable failure: no per-server grouping and no await for them.
        if (!policies.sequentialFallback || signal.aborted || !hasRetryableFailure(outcomes)) return outcomes;
        return await rerunSequentially({ outcomes, ran, state, signal, round: bookkeeping });
      } finally {
        signal.dispose();
      }
    },
    async abandon() {
      signal.abort();
      await Promise.all(started.values());
    },
    release() {
      signal.dispose();
    },
    signatureOf: (name, call) => {
      const known = signatures.get(call.callId);
      return known !== undefined && known.name === name && known.input === call.input
        ? known.signature
        : callSignature(name, call.input);
    },
  };
}
