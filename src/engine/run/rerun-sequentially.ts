// Pure: Yao's fallback — calls to one server that failed retryably in a parallel batch run again one by one (ENGINE-SPEC rule 13).
import type { RunPolicyState } from '../policies/run-policy-state';
import type { Tool } from '../tool/tool';
import type { PlannedToolCall } from './assemble-assistant-message';
import type { ToolCallOutcome } from './build-tool-result';
import { endCall, runCall, type CallRound } from './call-bookkeeping';
import type { AbortSource } from './cancel-scope';

/** A call that reached its tool this round, with the input it ran with. */
export interface RanCall {
  call: PlannedToolCall;
  tool: Tool;
  input: Record<string, unknown>;
}

/** What `rerunSequentially` needs from the round. */
export interface RerunOptions {
  outcomes: ToolCallOutcome[];
  ran: ReadonlyMap<string, RanCall>;
  state: RunPolicyState;
  signal: AbortSource;
  /** The round, as each call's bookkeeping needs it. */
  round: CallRound;
}

const isRetryableFailure = (outcome: ToolCallOutcome): boolean =>
  (outcome.status === 'tool-error' || outcome.status === 'timeout') && outcome.retryable === true;

/** Whether any of `outcomes` failed retryably: without one, `rerunSequentially` has nothing to do. */
export const hasRetryableFailure = (outcomes: readonly ToolCallOutcome[]): boolean => outcomes.some(isRetryableFailure);

/**
 * For each MCP server that ran two or more calls of the round at once (and is not sequential), the
 * calls that failed retryably run again one at a time, each validated first; their new results replace
 * the old ones (both stay in the trace). Outcomes keep the model's order.
 */
export async function rerunSequentially(options: RerunOptions): Promise<ToolCallOutcome[]> {
  const { state, round: context } = options;
  const { environment, round, emit } = context;
  const byServer = new Map<string, RanCall[]>();
  for (const entry of options.ran.values()) {
    if (entry.tool.origin.kind !== 'mcp') continue;
    const server = entry.tool.origin.serverName;
    byServer.set(server, [...(byServer.get(server) ?? []), entry]);
  }
  const outcomes = options.outcomes.slice();
  for (const [server, batch] of byServer) {
    const parallel =
      batch.length > 1 &&
      state.policies.maxConcurrencyPerServer > 1 &&
      !state.policies.sequentialServers.includes(server);
    if (!parallel) continue;
    const failed = batch.filter(({ call }) => {
      const outcome = outcomes.find((candidate) => candidate.callId === call.callId);
      return outcome !== undefined && isRetryableFailure(outcome);
    });
    if (failed.length === 0) continue;
    emit({
      type: 'policy-act',
      at: environment.now(),
      round,
      policy: 'sequential-fallback',
      detail: `${failed.length} of ${batch.length} parallel calls to ${server} failed retryably; running them again one by one.`,
    });
    for (const { call, tool, input } of failed) {
      if (options.signal.aborted) break;
      const problem = state.validate(tool, input);
      if (problem !== undefined) continue;
      // The same call again: logged without the eager or repaired marks of its first run.
      const again = { callId: call.callId, name: call.name, input: call.input };
      const { startedAt, settled: running } = runCall(context, again, tool, input, options.signal, {});
      const settled = await running;
      const position = outcomes.findIndex((candidate) => candidate.callId === call.callId);
      outcomes[position] = endCall(context, call, settled, startedAt, startedAt);
    }
  }
  return outcomes;
}
