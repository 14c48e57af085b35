// Pure: what the loop does once a budget is reached (ENGINE-SPEC rule 8). Clock comes from RunEnvironment.
import type { FinishReason } from '../event/run-event';
import type { Message, ToolResultBlock } from '../message/message';
import type { ModelRequest } from '../model/model';
import { buildFallbackBrief, FALLBACK_BRIEF_SYSTEM } from '../policies/build-fallback-brief';
import type { LimitHit } from '../policies/limits';
import { collectModelResponse } from './collect-model-response';
import type { LoopContext } from './loop-context';
import type { RunResult } from './run-options';
import { sumUsage } from './sum-usage';

/** Result text of a call the final reply made although tools could no longer run. */
export const BUDGET_NOT_EXECUTED_TEXT = 'Not executed: budget reached. Tools can no longer be called in this run.';

/** What `finishAtLimit` needs from the loop. */
export type AtLimitContext = Pick<
  LoopContext,
  'options' | 'signal' | 'state' | 'emit' | 'history' | 'hasToolUse' | 'finish' | 'policies'
>;

/**
 * Emits `limit-reached` and applies the at-limit behaviour: `stop` ends the run; `final-answer` sends one
 * more request with the tools kept and `tool_choice: none` (the note asking for an answer was committed
 * with the last results); `fallback-brief` sends the whole context as one Markdown brief to a fresh
 * request. Any tool call the last reply still makes is answered "not executed", so the history stays
 * valid. The finish reason is always `limit:<kind>`.
 */
export async function finishAtLimit(context: AtLimitContext, hit: LimitHit): Promise<RunResult> {
  const { options, state, emit, policies, signal } = context;
  const { base } = state;
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
  const history = context.history();
  const { toolChoice: _choice, ...kept } = base;
  const request: ModelRequest =
    behaviour === 'final-answer'
      ? { ...kept, toolChoice: { type: 'none' }, messages: history }
      : {
          system: FALLBACK_BRIEF_SYSTEM,
          tools: [],
          maxTokens: base.maxTokens,
          ...(base.temperature === undefined ? {} : { temperature: base.temperature }),
          messages: [
            {
              role: 'user',
              content: [{ type: 'text', text: buildFallbackBrief(base.system, history, hit.detail) }],
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
  const idle = {
    ms: policies.modelIdleTimeoutMs,
    setTimer: environment.setTimer.bind(environment),
    now: environment.now.bind(environment),
  };
  const response = await collectModelResponse({
    model: options.model,
    request,
    history,
    // The full history's ids stay taken even where a compaction left them out of what is sent.
    hasToolUse: context.hasToolUse,
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
