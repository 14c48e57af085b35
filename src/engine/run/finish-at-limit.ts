// Pure: what the loop does once a budget is reached (ENGINE-SPEC rule 8). Clock comes from RunEnvironment.
import type { DebugSession } from '../debug/create-debug-session';
import type { FinishReason, RunErrorInfo, RunEvent } from '../event/run-event';
import type { Message, ToolResultBlock } from '../message/message';
import { repairHistory } from '../message/repair-history';
import type { ModelRequest } from '../model/model';
import { buildFallbackBrief, FALLBACK_BRIEF_SYSTEM } from '../policies/build-fallback-brief';
import type { LimitHit } from '../policies/limits';
import type { LoopPolicies } from '../../shared/loop-policies';
import { foldSentHistory } from '../compaction/fold-sent-history';
import { collectModelResponse } from './collect-model-response';
import type { RunOptions, RunResult } from './run-options';
import { sumUsage } from './sum-usage';
import type { Usage } from '../model/model';

/** Result text of a call the final reply made although tools could no longer run. */
export const BUDGET_NOT_EXECUTED_TEXT = 'Not executed: budget reached. Tools can no longer be called in this run.';

/** What `finishAtLimit` needs from the loop. */
export interface AtLimitContext {
  options: RunOptions;
  signal: AbortSignal;
  state: { round: number; usage: Usage };
  emit: (event: RunEvent) => void;
  events: RunEvent[];
  finish: (finishReason: FinishReason, error?: RunErrorInfo) => RunResult;
  debug: DebugSession;
  policies: LoopPolicies;
  base: Omit<ModelRequest, 'messages'>;
}

/**
 * Emits `limit-reached` and applies the at-limit behaviour: `stop` ends the run; `final-answer` sends one
 * more request with the tools kept and `tool_choice: none` (the note asking for an answer was committed
 * with the last results); `fallback-brief` sends the whole context as one Markdown brief to a fresh
 * request. Any tool call the last reply still makes is answered "not executed", so the history stays
 * valid. The finish reason is always `limit:<kind>`.
 */
export async function finishAtLimit(context: AtLimitContext, hit: LimitHit): Promise<RunResult> {
  const { options, state, emit, events, policies, signal } = context;
  const { environment } = options;
  const reason: FinishReason = `limit:${hit.limit}`;
  const behaviour = policies.atLimit;
  emit({
    type: 'limit-reached',
    at: environment.now(),
    limit: hit.limit,
    value: hit.value,
    behaviour,
    detail: hit.detail,
  });
  if (behaviour === 'stop' || signal.aborted) return context.finish(reason);

  state.round += 1;
  const round = state.round;
  const history = repairHistory(foldSentHistory(events)).messages;
  const { toolChoice: _choice, ...kept } = context.base;
  const request: ModelRequest =
    behaviour === 'final-answer'
      ? { ...kept, toolChoice: { type: 'none' }, messages: history }
      : {
          system: FALLBACK_BRIEF_SYSTEM,
          tools: [],
          maxTokens: context.base.maxTokens,
          ...(context.base.temperature === undefined ? {} : { temperature: context.base.temperature }),
          messages: [
            {
              role: 'user',
              content: [{ type: 'text', text: buildFallbackBrief(context.base.system, history, hit.detail) }],
            },
          ],
        };
  const detail =
    behaviour === 'final-answer'
      ? 'One more request with the tools kept and tool_choice none, asking for an answer from what is known.'
      : "The whole context went as a Markdown brief to a fresh request, to be answered in the user's language.";
  emit({ type: 'policy-act', at: environment.now(), round, policy: behaviour, detail });
  emit({
    type: 'round-start',
    at: environment.now(),
    round,
    request: {
      model: options.model.modelId,
      provider: options.model.provider,
      ...(request.system === undefined ? {} : { system: request.system }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.toolChoice === undefined ? {} : { toolChoice: request.toolChoice }),
      toolNames: request.tools.map((tool) => tool.name),
      messageCount: request.messages.length,
      maxTokens: request.maxTokens,
    },
  });
  const now = () => environment.now();
  const idle = { ms: policies.modelIdleTimeoutMs, setTimer: environment.setTimer.bind(environment) };
  const response = await collectModelResponse({
    model: options.model,
    request,
    history,
    round,
    signal,
    now,
    emit,
    idle,
  });
  state.usage = sumUsage(state.usage, response.usage);
  if (response.kind !== 'failed' && response.toolCalls.length > 0) {
    const content: ToolResultBlock[] = response.toolCalls.map((call) => {
      emit({
        type: 'tool-call-end',
        at: now(),
        round,
        callId: call.callId,
        name: call.name,
        status: 'not-executed',
        isError: true,
        content: [{ type: 'text', text: BUDGET_NOT_EXECUTED_TEXT }],
        timing: { queuedAt: now(), endedAt: now() },
      });
      return {
        type: 'tool_result',
        tool_use_id: call.callId,
        content: [{ type: 'text', text: BUDGET_NOT_EXECUTED_TEXT }],
        is_error: true,
      };
    });
    const message: Message = { role: 'user', content };
    emit({ type: 'tool-results-commit', at: now(), round, message });
  }
  emit({ type: 'round-end', at: now(), round });
  if (response.kind === 'failed') return context.finish('error', response.error);
  if (response.kind === 'cancelled') return context.finish('aborted');
  return context.finish(reason);
}
