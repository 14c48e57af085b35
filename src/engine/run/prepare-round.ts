// Pure: the PREPARE phase of a fresh round — budgets, withheld tools, the tool catalogue refreshed. No I/O of its own.
import type { Tool } from '../tool/tool';
import type { ToolDefinition } from '../model/model';
import { checkLimits } from '../policies/limits';
import { finishAtLimit } from './finish-at-limit';
import type { LoopContext, RoundState } from './loop-context';
import { progressOf } from './round-progress';
import type { RunResult } from './run-options';

/** The definitions the model is sent for `tools`. */
export const toDefinitions = (tools: readonly Tool[]): ToolDefinition[] =>
  tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
    ...(tool.strict === true ? { strict: true as const } : {}),
    ...(tool.callableFromCode === true ? { callable_from_code: true as const } : {}),
    ...(tool.pinned === true ? { pinned: true as const } : {}),
  }));

/**
 * Opens the next round: a budget reached before it (only a `pause_turn` reply going on gets here with
 * one — tool rounds check theirs before committing) ends the run at its limit; otherwise the round number
 * moves on, tools over their retry budget are withheld for this round, and from round 2 on the catalogue
 * is asked again (`getTools`; a change is logged as `tools-update`). Answers at once (no promise) when there
 * is nothing to wait for: no limit reached and no catalogue to ask.
 */
export function prepareRound(context: LoopContext): RoundState | Promise<RoundState | RunResult> {
  const { state, options } = context;
  const early = checkLimits(context.policies.limits, progressOf(context));
  if (early) return finishAtLimit(context, early);
  state.round += 1;
  const round = state.round;
  const withheld = context.policyState.retry.startRound();
  const { getTools } = options;
  if (round > 1 && getTools)
    return (async () => {
      refreshTools(context, round, await getTools());
      return openRound(context, round, withheld);
    })();
  return openRound(context, round, withheld);
}

/** The round's state, with the withheld tools left out of what it offers (and logged). */
function openRound(context: LoopContext, round: number, withheld: readonly string[]): RoundState {
  const { state } = context;
  const offered =
    withheld.length === 0 ? state.base.tools : state.base.tools.filter((tool) => !withheld.includes(tool.name));
  // Withholding the last tool must not leave a request with `tool_use` in its history and no tools: the Messages
  // API refuses it ("Requests which include tool_use or tool_result blocks must define tools"). The tools stay
  // defined and `tool_choice: none` keeps them from being called (the prompt cache is kept as well); a call the
  // model makes anyway is answered "not executed" (execute-tool-calls.ts).
  if (offered.length === 0 && state.base.tools.length > 0) {
    emitWithheld(context, round, withheld, ' Every tool is withheld: they stay defined with tool_choice none.');
    return { round, offered: state.base.tools, allWithheld: true, announce: true };
  }
  if (withheld.length > 0) emitWithheld(context, round, withheld, '');
  return { round, offered, announce: true };
}

function emitWithheld(context: LoopContext, round: number, withheld: readonly string[], more: string): void {
  const { emit, options } = context;
  emit({
    type: 'policy-act',
    at: options.environment.now(),
    round,
    policy: 'tool-withheld',
    detail: `Withheld this round after repeated invalid input: ${withheld.join(', ')}.${more}`,
  });
}

function refreshTools(context: LoopContext, round: number, next: Tool[]): void {
  const { state, emit, options } = context;
  const definitions = toDefinitions(next);
  if (JSON.stringify(definitions) === JSON.stringify(toDefinitions(state.tools))) return;
  state.tools = next;
  state.base = { ...state.base, tools: definitions };
  emit({ type: 'tools-update', at: options.environment.now(), round, tools: definitions });
  emit({
    type: 'policy-act',
    at: options.environment.now(),
    round,
    policy: 'tools-refresh',
    detail: `The tool list changed: ${definitions.length} tools now.`,
  });
}
