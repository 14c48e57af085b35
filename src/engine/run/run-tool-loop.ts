// Pure orchestrator of the tool loop: no DOM, fetch, timers or clock of its own (RunEnvironment gives them).
import { createDebugSession, type DebugSession } from '../debug/create-debug-session';
import type { FinishReason, RequestDigest, RunErrorInfo, RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { repairHistory } from '../message/repair-history';
import type { ModelRequest, ToolDefinition, Usage } from '../model/model';
import { foldHistory } from '../transcript/fold-history';
import type { PlannedToolCall } from './assemble-assistant-message';
import { buildToolResult } from './build-tool-result';
import { collectModelResponse, describeError } from './collect-model-response';
import { createEventChannel } from './event-channel';
import { DEFAULT_TOOL_TIMEOUT_MS, executeToolCalls } from './execute-tool-calls';
import type { RunHandle, RunOptions, RunResult } from './run-options';
import { createEmptyUsage, sumUsage } from './sum-usage';

/** Rounds a run may take when `RunOptions.maxRounds` is absent. */
export const DEFAULT_MAX_ROUNDS = 10;
/** `max_tokens` per model call when `RunOptions.maxTokens` is absent. */
export const DEFAULT_MAX_TOKENS = 4096;

/**
 * Runs the tool loop (ENGINE-SPEC §1–§7, without budgets other than rounds, pauses or approvals):
 * model call → tool calls in parallel → results committed in the model's order → next round, until
 * a reply asks for no tool, the round limit is reached, the model fails or `options.signal` aborts.
 *
 * Every event goes to `events` (buffered; one consumer). `result` never rejects; its `messages` are
 * the fold of the events (`foldHistory`) and always pass `repairHistory` unchanged. The starting
 * history is `repairHistory([...history, userMessage])`, so a broken history cannot poison the run.
 */
export function runToolLoop(options: RunOptions): RunHandle {
  const channel = createEventChannel<RunEvent>();
  const events: RunEvent[] = [];
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
}

async function driveLoop(options: RunOptions, emit: (event: RunEvent) => void, events: RunEvent[]): Promise<RunResult> {
  const { environment } = options;
  // The debugger's Stop (at a pause) cancels like run-stop does, through the same signal.
  const stopper = new AbortController();
  const stop = (): void => stopper.abort('stopped at a pause');
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener('abort', stop, { once: true });
  const signal = stopper.signal;
  const state: LoopState = {
    runId: options.runId ?? environment.createId('run'),
    round: 0,
    usage: createEmptyUsage(),
    ended: false,
  };
  const finish = (finishReason: FinishReason, error?: RunErrorInfo): RunResult => {
    if (!state.ended) {
      state.ended = true;
      emit({ type: 'run-end', at: environment.now(), finishReason, usage: state.usage, ...(error ? { error } : {}) });
    }
    return { runId: state.runId, finishReason, messages: foldHistory(events), rounds: state.round, usage: state.usage };
  };
  const digest = (request: ModelRequest): RequestDigest => ({
    model: options.model.modelId,
    provider: options.model.provider,
    ...(request.system === undefined ? {} : { system: request.system }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.toolChoice === undefined ? {} : { toolChoice: request.toolChoice }),
    toolNames: request.tools.map((tool) => tool.name),
    messageCount: request.messages.length,
    maxTokens: request.maxTokens,
  });
  const debug = createDebugSession({
    controller: options.debug,
    signal,
    emit,
    now: () => environment.now(),
    createId: (prefix) => environment.createId(prefix),
    stop,
    digest,
  });
  try {
    return await loop(options, signal, state, emit, events, finish, { debug, digest });
  } catch (error) {
    // A bug in the engine or a throwing emit: still end the run visibly instead of rejecting.
    return finish('error', describeError(error));
  }
}

async function loop(
  options: RunOptions,
  signal: AbortSignal,
  state: LoopState,
  emit: (event: RunEvent) => void,
  events: RunEvent[],
  finish: (finishReason: FinishReason, error?: RunErrorInfo) => RunResult,
  hooks: { debug: DebugSession; digest: (request: ModelRequest) => RequestDigest },
): Promise<RunResult> {
  const { environment, model } = options;
  const maxRounds = Math.max(1, options.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const tools: ToolDefinition[] = options.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
  }));
  // Everything but the history, as the next request will carry it; a person's request edit persists.
  let base: Omit<ModelRequest, 'messages'> = {
    ...(options.system === undefined ? {} : { system: options.system }),
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    tools,
    maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
  };
  emit({
    type: 'run-start',
    at: environment.now(),
    runId: state.runId,
    ...(options.system === undefined ? {} : { system: options.system }),
    tools,
    messages: repairHistory([...options.history, ...(options.userMessage ? [options.userMessage] : [])]).messages,
    maxRounds,
  });

  for (;;) {
    if (signal.aborted) return finish('aborted');
    if (state.round >= maxRounds) {
      emit({ type: 'limit-reached', at: environment.now(), limit: 'rounds', value: maxRounds });
      return finish('limit:rounds');
    }
    state.round += 1;
    const round = state.round;
    const pending: ModelRequest = { ...base, messages: repairHistory(foldHistory(events)).messages };
    emit({ type: 'round-start', at: environment.now(), round, request: hooks.digest(pending) });
    const request = await hooks.debug.beforeRequest(round, pending);
    const { messages: _sent, ...kept } = request;
    base = kept;
    if (signal.aborted) {
      emit({ type: 'round-end', at: environment.now(), round });
      return finish('aborted');
    }

    const response = await collectModelResponse({ model, request, round, signal, now: () => environment.now(), emit });
    state.usage = sumUsage(state.usage, response.usage);
    const endRound = (): void => emit({ type: 'round-end', at: environment.now(), round });

    if (response.kind === 'failed') {
      endRound();
      return finish('error', response.error);
    }
    if (response.kind === 'complete') await hooks.debug.afterReply(round, response.message, response.stopReason);
    if (response.toolCalls.length > 0) {
      await commitToolResults(options, signal, round, response.toolCalls, emit, hooks.debug);
    }
    endRound();
    if (response.kind === 'cancelled' || signal.aborted) return finish('aborted');
    if (response.toolCalls.length > 0 || response.stopReason === 'pause_turn') continue;
    return finish(naturalFinish(response.stopReason));
  }
}

/** Runs (or, after a cancel, answers without running) the round's calls, then commits one result each. */
async function commitToolResults(
  options: RunOptions,
  signal: AbortSignal,
  round: number,
  calls: readonly PlannedToolCall[],
  emit: (event: RunEvent) => void,
  debug: DebugSession,
): Promise<void> {
  const outcomes = await executeToolCalls({
    debug,
    calls,
    tools: options.tools,
    round,
    signal,
    environment: options.environment,
    timeoutMs: options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    emit,
  });
  const message: Message = { role: 'user', content: outcomes.map(buildToolResult) };
  emit({ type: 'tool-results-commit', at: options.environment.now(), round, message });
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
