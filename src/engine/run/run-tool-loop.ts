// Pure orchestrator of the tool loop: no DOM, fetch, timers or clock of its own (RunEnvironment gives them).
import { createDebugSession, type DebugSession } from '../debug/create-debug-session';
import type { FinishReason, RequestDigest, RunErrorInfo, RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { repairHistory } from '../message/repair-history';
import type { ModelRequest, ToolDefinition, Usage } from '../model/model';
import { foldHistory } from '../transcript/fold-history';
import type { Tool } from '../tool/tool';
import { checkLimits, type LimitHit } from '../policies/limits';
import { finalAnswerNote } from '../policies/build-fallback-brief';
import { resolveLoopPolicies } from '../../shared/loop-policies';
import { createRunPolicyState } from '../policies/run-policy-state';
import { recordOutcomes, wouldPauseBefore } from './round-policies';
import { buildToolResult, type ToolCallOutcome } from './build-tool-result';
import { collectModelResponse, describeError } from './collect-model-response';
import { createEventChannel } from './event-channel';
import { createRoundExecutor } from './execute-tool-calls';
import { finishAtLimit } from './finish-at-limit';
import type { RunHandle, RunOptions, RunResult } from './run-options';
import { createEmptyUsage, sumUsage } from './sum-usage';
import { planResume, type ResumePlan } from './resume-run';
import { digestRequest } from './digest-request';
import { armWallTime, type WallClock } from './wall-time';
import { compactBeforeRequest } from './compact-before-request';
import { foldSentHistory } from '../compaction/fold-sent-history';

/** Rounds a run may take when `RunOptions.maxRounds` is absent. */
export const DEFAULT_MAX_ROUNDS = 10;
/** `max_tokens` per model call when `RunOptions.maxTokens` is absent. */
export const DEFAULT_MAX_TOKENS = 4096;

/**
 * Runs the tool loop (ENGINE-SPEC §1–§7) under `options.policies`: model call (read-only calls may start
 * while it streams) → tool calls in parallel under the caps → results committed in the model's order →
 * budgets checked → next round, until a reply asks for no tool, a budget is reached (then the at-limit
 * behaviour: a final answer, a fallback brief or a stop), a direct-output tool answers, the model fails
 * or `options.signal` aborts.
 *
 * Every event goes to `events` (buffered; one consumer). `result` never rejects; its `messages` are
 * the fold of the events (`foldHistory`) and always pass `repairHistory` unchanged. The starting
 * history is `repairHistory([...history, userMessage])`, so a broken history cannot poison the run.
 */
export function runToolLoop(options: RunOptions): RunHandle {
  const channel = createEventChannel<RunEvent>();
  // A resumed run's log goes on from its stored events (they are not sent again).
  const events: RunEvent[] = options.resume ? [...options.resume.events] : [];
  const emit = (event: RunEvent): void => {
    events.push(event);
    channel.push(event);
  };
  const result = driveLoop(options, emit, events).finally(() => channel.close());
  return { events: channel, result };
}

interface LoopState {
  runId: string;
  round: number;
  usage: Usage;
  ended: boolean;
  startedAt: number;
}

type Finish = (finishReason: FinishReason, error?: RunErrorInfo) => RunResult;

async function driveLoop(options: RunOptions, emit: (event: RunEvent) => void, events: RunEvent[]): Promise<RunResult> {
  const { environment } = options;
  // The debugger's Stop (at a pause) cancels like run-stop does, through the same signal.
  const stopper = new AbortController();
  const stop = (): void => stopper.abort('stopped at a pause');
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener('abort', stop, { once: true });
  const signal = stopper.signal;
  let plan: ResumePlan | undefined;
  let unresumable: Error | undefined;
  try {
    plan = options.resume ? planResume(options.resume.events, environment.now()) : undefined;
  } catch (error) {
    unresumable = error instanceof Error ? error : new Error(String(error));
  }
  const state: LoopState = {
    runId: plan?.runId ?? options.runId ?? environment.createId('run'),
    round: 0,
    usage: plan?.usage ?? createEmptyUsage(),
    ended: false,
    startedAt: environment.now(),
  };
  // The wall-time budget stops a model stream or a tool call where it is, not only between rounds.
  const wallTimeMs = resolveLoopPolicies(options.policies).limits.wallTimeMs;
  const wall = armWallTime(wallTimeMs, state.startedAt, environment, signal);
  const finish: Finish = (finishReason, error) => {
    wall.dispose();
    if (!state.ended) {
      state.ended = true;
      emit({ type: 'run-end', at: environment.now(), finishReason, usage: state.usage, ...(error ? { error } : {}) });
    }
    return { runId: state.runId, finishReason, messages: foldHistory(events), rounds: state.round, usage: state.usage };
  };
  const digest = (request: ModelRequest): RequestDigest => digestRequest(options.model, request);
  const debug = createDebugSession({
    controller: options.debug,
    signal,
    emit,
    now: () => environment.now(),
    createId: (prefix) => environment.createId(prefix),
    stop,
    digest,
    ...(plan?.pause === undefined ? {} : { resumeAt: plan.pause }),
  });
  try {
    if (unresumable !== undefined) throw unresumable;
    return await loop({ options, signal, state, emit, events, finish, debug, digest, plan, wall });
  } catch (error) {
    // A bug in the engine or a throwing emit: still end the run visibly instead of rejecting.
    return finish('error', describeError(error));
  }
}

interface LoopContext {
  options: RunOptions;
  signal: AbortSignal;
  state: LoopState;
  emit: (event: RunEvent) => void;
  events: RunEvent[];
  finish: Finish;
  debug: DebugSession;
  digest: (request: ModelRequest) => RequestDigest;
  /** Where a resumed run re-enters (its first round starts there); absent for a new run. */
  plan: ResumePlan | undefined;
  /** `signal` plus the wall-time deadline: model streams and tool calls listen to it. */
  wall: WallClock;
}

const toDefinitions = (tools: readonly Tool[]): ToolDefinition[] =>
  tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));

async function loop(context: LoopContext): Promise<RunResult> {
  const { options, signal, state, emit, events, finish, debug, wall } = context;
  const { environment, model } = options;
  const maxRounds = Math.max(1, options.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const policyState = createRunPolicyState(resolveLoopPolicies(options.policies), options.validateInput);
  const { policies } = policyState;
  let tools: readonly Tool[] = options.tools;
  // Everything but the history, as the next request will carry it; a person's request edit persists.
  let base: Omit<ModelRequest, 'messages'> = {
    ...(options.system === undefined ? {} : { system: options.system }),
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    tools: toDefinitions(tools),
    maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...context.plan?.edits,
  };
  let entry = context.plan;
  if (entry !== undefined) {
    policyState.toolCalls = entry.toolCalls;
    // A run cut while working closes what the cut left open, then ends or starts its round afresh (resume-run.ts).
    for (const event of entry.closing) emit(event);
    if (typeof entry.entry === 'object') return finish(entry.entry.finish);
    if (entry.entry === 'request') {
      state.round = entry.round - 1;
      entry = undefined;
    }
  } else
    emit({
      type: 'run-start',
      at: environment.now(),
      runId: state.runId,
      ...(options.system === undefined ? {} : { system: options.system }),
      tools: base.tools,
      messages: repairHistory([...options.history, ...(options.userMessage ? [options.userMessage] : [])]).messages,
      maxRounds,
    });
  const limitContext = () => ({ ...context, policies, base, maxRounds });
  const progress = () => ({
    round: state.round,
    maxRounds,
    toolCalls: policyState.toolCalls,
    startedAt: state.startedAt,
    now: environment.now(),
    usage: state.usage,
    ...(options.price === undefined ? {} : { price: options.price }),
  });

  for (;;) {
    if (signal.aborted) return finish('aborted');
    // A resumed run's first round is already under way: it re-enters at its pause, announced before.
    const resumed = entry;
    entry = undefined;
    if (resumed !== undefined) state.round = resumed.round - 1;
    // Reached only by a pause_turn reply going on: tool rounds check their budgets before committing.
    const early = resumed === undefined ? checkLimits(policies.limits, progress()) : undefined;
    if (early) return finishAtLimit(limitContext(), early);
    state.round += 1;
    const round = state.round;
    const withheld = resumed === undefined ? policyState.retry.startRound() : [];
    if (round > 1 && options.getTools && resumed === undefined) {
      const next = await options.getTools();
      const definitions = toDefinitions(next);
      if (JSON.stringify(definitions) !== JSON.stringify(toDefinitions(tools))) {
        tools = next;
        base = { ...base, tools: definitions };
        emit({ type: 'tools-update', at: environment.now(), round, tools: definitions });
        emit({
          type: 'policy-act',
          at: environment.now(),
          round,
          policy: 'tools-refresh',
          detail: `The tool list changed: ${definitions.length} tools now.`,
        });
      }
    }
    const sent = withheld.length === 0 ? base.tools : base.tools.filter((tool) => !withheld.includes(tool.name));
    if (withheld.length > 0 && resumed === undefined) {
      emit({
        type: 'policy-act',
        at: environment.now(),
        round,
        policy: 'tool-withheld',
        detail: `Withheld this round after repeated invalid input: ${withheld.join(', ')}.`,
      });
    }
    if (round > 1 && resumed === undefined) {
      // The compaction phase (ENGINE-SPEC rule 28): only before a follow-up request, never in a resumed round.
      const step = { options, policies, events, emit, base: { ...base, tools: sent }, round: round - 1 };
      state.usage = sumUsage(state.usage, await compactBeforeRequest({ ...step, signal: wall.signal }));
      if (signal.aborted) return finish('aborted');
    }
    const pending: ModelRequest = { ...base, tools: sent, messages: repairHistory(foldSentHistory(events)).messages };
    if (resumed === undefined)
      emit({ type: 'round-start', at: environment.now(), round, request: context.digest(pending) });
    const request = resumed?.reply === undefined ? await debug.beforeRequest(round, pending) : pending;
    const { messages: _sent, ...kept } = request;
    // A withheld tool comes back next round unless the person edited the tool list at the pause.
    base = request.tools === sent ? { ...kept, tools: base.tools } : kept;
    const endRound = (): void => emit({ type: 'round-end', at: environment.now(), round });
    if (signal.aborted) {
      endRound();
      return finish('aborted');
    }

    const executor = createRoundExecutor({
      round,
      tools,
      signal: wall.signal,
      environment,
      timeoutMs: options.toolTimeoutMs ?? policies.toolTimeoutMs,
      maxTotalMs: policies.toolMaxTotalMs,
      emit,
      state: policyState,
      debug,
      wouldPause: (call, tool) => wouldPauseBefore(options, round, call, tool),
      ...(resumed === undefined ? {} : { recorded: resumed.recorded, cutShort: resumed.entry === 'settle' }),
    });
    const reply = resumed?.reply;
    const response = reply
      ? { kind: 'complete' as const, ...reply, usage: createEmptyUsage() }
      : await collectModelResponse({
          model,
          request,
          round,
          signal: wall.signal,
          now: () => environment.now(),
          emit,
          onToolCallReady: (call) => void executor.startEarly(call),
          idle: { ms: policies.modelIdleTimeoutMs, setTimer: (callback, ms) => environment.setTimer(callback, ms) },
        });
    state.usage = sumUsage(state.usage, response.usage);

    if (response.kind === 'failed') {
      // Calls started early are cancelled; their results stay in the trace but are never sent.
      await executor.abandon();
      endRound();
      return finish('error', response.error);
    }
    const replied = reply === undefined || resumed?.pause?.kind === 'after-reply';
    if (response.kind === 'complete' && replied) await debug.afterReply(round, response.message, response.stopReason);
    let hit: LimitHit | undefined;
    let direct: ToolCallOutcome | undefined;
    if (response.toolCalls.length > 0) {
      const outcomes = await executor.settle(response.toolCalls);
      hit = recordOutcomes(policyState, response.toolCalls, outcomes);
      if (!signal.aborted) hit ??= checkLimits(policies.limits, progress()) ?? wall.hit();
      direct = outcomes.find((outcome) => outcome.status === 'ok' && policies.directOutputTools.includes(outcome.name));
      const note = hit !== undefined && direct === undefined && policies.atLimit === 'final-answer' && !signal.aborted;
      const content = [
        ...outcomes.map(buildToolResult),
        ...(note && hit ? [{ type: 'text' as const, text: finalAnswerNote(hit.detail) }] : []),
      ];
      const message: Message = { role: 'user', content };
      emit({ type: 'tool-results-commit', at: environment.now(), round, message });
    }
    endRound();
    // Cut by the wall time itself (not a cancel): nothing is left to spend on a final answer.
    const cut = response.kind === 'cancelled' && !signal.aborted ? wall.hit() : undefined;
    if (cut) return finishAtLimit({ ...limitContext(), policies: { ...policies, atLimit: 'stop' } }, cut);
    if (response.kind === 'cancelled' || signal.aborted) return finish('aborted');
    if (direct !== undefined) {
      emit({
        type: 'policy-act',
        at: environment.now(),
        round,
        policy: 'direct-output',
        callId: direct.callId,
        detail: `'${direct.name}' is marked direct output: its result is the answer.`,
      });
      return finish('direct-output');
    }
    if (hit !== undefined) return finishAtLimit(limitContext(), hit);
    if (response.toolCalls.length > 0 || response.stopReason === 'pause_turn') continue;
    return finish(naturalFinish(response.stopReason));
  }
}

function naturalFinish(stopReason: string | null): FinishReason {
  switch (stopReason) {
    case 'stop_sequence':
    case 'refusal':
    case 'max_tokens':
      return stopReason;
    default:
      return 'end_turn';
  }
}
