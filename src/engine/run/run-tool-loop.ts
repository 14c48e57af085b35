// Pure orchestrator of the tool loop: no DOM, fetch, timers or clock of its own (RunEnvironment gives them).
import { createDebugSession } from '../debug/create-debug-session';
import type { RequestDigest, RunEvent } from '../event/run-event';
import type { ModelRequest } from '../model/model';
import { createIncrementalHistory, type IncrementalHistory } from '../transcript/incremental-history';
import { resolveLoopPolicies } from '../../shared/loop-policies';
import { createRunPolicyState } from '../policies/run-policy-state';
import { describeError } from './collect-model-response';
import { decideRound } from './decide-round';
import { digestRequest } from './digest-request';
import { enterRun } from './enter-run';
import { createEventChannel } from './event-channel';
import type { Finish, LoopContext, LoopState, RoundState } from './loop-context';
import { prepareRound, toDefinitions } from './prepare-round';
import { requestRound } from './request-round';
import { planResume, type ResumePlan } from './resume-run';
import type { RunHandle, RunOptions, RunResult } from './run-options';
import { settleRound } from './settle-round';
import { compactRound } from './compact-round';
import { createCompactionTracker, type CompactionTracker } from '../compaction/fold-sent-history';
import { changesHistory, sentHistoryOf } from './sent-history';
import { createEmptyUsage } from './sum-usage';
import { armWallTime } from './wall-time';
import { deferTimers } from './defer-timers';
import { createModelCallSignals } from './model-call-signal';

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
export function runToolLoop(given: RunOptions): RunHandle {
  // Timers armed only past the current burst: most are cancelled long before (see `deferTimers`).
  const environment = deferTimers(given.environment);
  const options: RunOptions = environment === given.environment ? given : { ...given, environment };
  const { defer } = environment;
  const channel = createEventChannel<RunEvent>(defer === undefined ? {} : { defer });
  // The history follows the events as they go (a resumed run's from its stored ones, not sent again);
  // the events themselves are not kept here: the channel's consumer keeps the log.
  const history = createIncrementalHistory();
  const compaction = createCompactionTracker();
  const observe = (event: RunEvent): void => {
    history.observe(event);
    compaction.observe(event);
  };
  options.resume?.events.forEach(observe);
  // The event's type read once here, for the few events that change the history (a few a round): both
  // observers reading it from every event (objects of a dozen shapes: a megamorphic read each) cost more.
  const emit = (event: RunEvent): void => {
    if (changesHistory(event.type)) observe(event);
    channel.push(event);
  };
  const result = driveLoop(options, emit, history, compaction).finally(() => channel.close());
  return { events: channel, batches: channel.batches, result };
}

async function driveLoop(
  options: RunOptions,
  emit: (event: RunEvent) => void,
  history: IncrementalHistory,
  compaction: CompactionTracker,
): Promise<RunResult> {
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
  const policyState = createRunPolicyState(resolveLoopPolicies(options.policies), options.validateInput);
  const { policies } = policyState;
  const state: LoopState = {
    runId: plan?.runId ?? options.runId ?? environment.createId('run'),
    round: 0,
    usage: plan?.usage ?? createEmptyUsage(),
    ended: false,
    startedAt: environment.now(),
    tools: options.tools,
    base: {
      ...(options.system === undefined ? {} : { system: options.system }),
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      tools: toDefinitions(options.tools),
      maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
      ...plan?.edits,
    },
  };
  // The wall-time budget stops a model stream or a tool call where it is, not only between rounds.
  const wall = armWallTime(policies.limits.wallTimeMs, state.startedAt, environment, signal);
  const finish: Finish = (finishReason, error) => {
    wall.dispose();
    options.signal?.removeEventListener('abort', stop);
    if (!state.ended) {
      state.ended = true;
      emit({ type: 'run-end', at: environment.now(), finishReason, usage: state.usage, ...(error ? { error } : {}) });
    }
    return { runId: state.runId, finishReason, messages: history.folded(), rounds: state.round, usage: state.usage };
  };
  const digest = (request: ModelRequest): RequestDigest => digestRequest(options.model, request);
  const now = (): number => environment.now();
  const debug = createDebugSession({
    controller: options.debug,
    signal,
    emit,
    now,
    createId: (prefix) => environment.createId(prefix),
    stop,
    digest,
    ...(plan?.pause === undefined ? {} : { resumeAt: plan.pause }),
  });
  const maxRounds = Math.max(1, options.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const context: LoopContext = {
    options,
    signal,
    state,
    policyState,
    policies,
    maxRounds,
    emit,
    ...sentHistoryOf(history, compaction),
    finish,
    debug,
    digest,
    wall,
    now,
    modelIdle: {
      ms: policies.modelIdleTimeoutMs,
      setTimer: (callback, ms) => environment.setTimer(callback, ms),
      now,
    },
    modelSignals: createModelCallSignals(),
  };
  try {
    if (unresumable !== undefined) throw unresumable;
    return await loop(context, enterRun(context, plan));
  } catch (error) {
    // A bug in the engine or a throwing emit: still end the run visibly instead of rejecting.
    return finish('error', describeError(error));
  }
}

const isResult = (value: object): value is RunResult => 'finishReason' in value;

/**
 * ENGINE-SPEC §1's flat `while` over the phases. The first round enters where `enterRun` says: a new
 * round is prepared; a resumed one comes in as it stood when the run was cut.
 */
async function loop(context: LoopContext, entry: RoundState | 'prepare' | RunResult): Promise<RunResult> {
  if (entry !== 'prepare' && isResult(entry)) return entry;
  let resumed = entry === 'prepare' ? undefined : entry;
  for (;;) {
    if (context.signal.aborted) return context.finish('aborted');
    // The phases that can answer at once do (no promise): only what they return as a promise is awaited.
    const prepared = resumed ?? prepareRound(context);
    const round = prepared instanceof Promise ? await prepared : prepared;
    resumed = undefined;
    if (isResult(round)) return round;
    // COMPACT (ENGINE-SPEC rule 28): only before a follow-up request; `requestRound` sends the history it leaves.
    if (round.announce && round.round > 1) {
      const compacted = compactRound(context, round);
      if ((typeof compacted === 'string' ? compacted : await compacted) === 'aborted') return context.finish('aborted');
    }
    const requested = await requestRound(context, round);
    if (isResult(requested)) return requested;
    const settling = settleRound(context, round, requested);
    const settled = settling instanceof Promise ? await settling : settling;
    const deciding = decideRound(context, round, requested, settled);
    const decision = deciding instanceof Promise ? await deciding : deciding;
    if (decision !== 'continue') return decision;
  }
}
