// Pure: the MODEL_CALL phase — the request (and its pause), the streamed reply with early tool starts, the after-reply pause.
import { createEmptyUsage, sumUsage } from './sum-usage';
import type { ModelRequest, ToolChoice } from '../model/model';
import { collectModelResponse, type ModelResponse } from './collect-model-response';
import { copyWith } from './copy-with';
import { createRoundExecutor, type RoundExecutor, type RoundExecutorOptions } from './execute-tool-calls';
import type { LoopContext, RoundState } from './loop-context';
import { wouldPauseBefore } from './round-policies';
import { endRound } from './round-progress';
import type { RunResult } from './run-options';

/** The tool choice of a round whose every tool is withheld (one object, so an unedited request is told apart). */
const NONE: ToolChoice = { type: 'none' };

/** A round whose reply has come: the reply (complete or cut by a cancel) and the executor of its calls. */
export interface Requested {
  response: Exclude<ModelResponse, { kind: 'failed' }>;
  executor: RoundExecutor;
}

/**
 * Sends the round's request: the history as it stands, the tools offered, held first at the before-request
 * pause (where a person may edit it; the edit persists, except that a withheld tool comes back next
 * round). Calls that are safe start while the reply streams. A resumed round with a logged reply takes it
 * instead of asking the model again. A failed call ends the run (`error`); a cancel before it, `aborted`.
 */
export async function requestRound(context: LoopContext, round: RoundState): Promise<Requested | RunResult> {
  const { options, state, emit, signal, wall, debug, policies } = context;
  const { environment } = options;
  // Not a spread literal: its copy would come with a new hidden class every round (see `copyWith`).
  const pending: ModelRequest = round.allWithheld
    ? copyWith(state.base, { tools: round.offered, messages: context.history(), toolChoice: NONE })
    : copyWith(state.base, { tools: round.offered, messages: context.history() });
  if (round.announce)
    emit({ type: 'round-start', at: environment.now(), round: round.round, request: context.digest(pending) });
  const request =
    round.reply === undefined && debug.inert !== true ? await debug.beforeRequest(round.round, pending) : pending;
  // An edit persists; an unedited request leaves the base as it was (no copy of it every round).
  if (request !== pending) {
    const { messages: _sent, ...kept } = request;
    // The tool choice of a round with every tool withheld is that round's alone, like the withholding.
    if (round.allWithheld && kept.toolChoice === NONE) {
      delete kept.toolChoice;
      if (state.base.toolChoice !== undefined) kept.toolChoice = state.base.toolChoice;
    }
    state.base = request.tools === round.offered ? { ...kept, tools: state.base.tools } : kept;
  }
  if (signal.aborted) {
    endRound(context, round.round);
    return context.finish('aborted');
  }

  const executorOptions: RoundExecutorOptions = {
    round: round.round,
    tools: state.tools,
    signal: wall.source,
    environment,
    timeoutMs: options.toolTimeoutMs ?? policies.toolTimeoutMs,
    maxTotalMs: policies.toolMaxTotalMs,
    emit,
    state: context.policyState,
    wouldPause: (call, tool) => wouldPauseBefore(options, round.round, call, tool),
  };
  // Set when present rather than spread from literals: this runs every round.
  if (debug.inert !== true) executorOptions.debug = debug;
  if (round.recorded !== undefined) executorOptions.recorded = round.recorded;
  if (round.cutShort !== undefined) executorOptions.cutShort = round.cutShort;
  const executor = createRoundExecutor(executorOptions);
  const { reply } = round;
  const response: ModelResponse = reply
    ? {
        kind: 'complete',
        message: reply.message,
        stopReason: reply.stopReason,
        toolCalls: reply.toolCalls,
        usage: createEmptyUsage(),
      }
    : await collectModelResponse({
        model: options.model,
        request,
        round: round.round,
        signal: wall.source,
        now: context.now,
        emit,
        // Reply ids are checked against the run's full history (a compaction may have left a tool_use out of
        // what is sent; its id stays taken); an edited history is searched as it was sent too.
        ...(request.messages === pending.messages
          ? { hasToolUse: context.hasToolUse, mediaFree: !context.hasMedia() }
          : { history: request.messages, hasToolUse: context.hasToolUse }),
        onToolCallReady: (ready) => void executor.startEarly(ready),
        idle: context.modelIdle,
        signals: context.modelSignals,
      });
  state.usage = sumUsage(state.usage, response.usage);
  if (response.kind === 'failed') {
    // Calls started early are cancelled; their results stay in the trace but are never sent.
    await executor.abandon();
    endRound(context, round.round);
    return context.finish('error', response.error);
  }
  if (response.kind === 'complete' && (reply?.afterReply ?? true) && debug.inert !== true)
    await debug.afterReply(round.round, response.message, response.stopReason);
  return { response, executor };
}
