// Pure: the loop's retry policy — read-only MCP calls that failed retryably run again once, one by one (Yao's fallback,
// ENGINE-SPEC rule 13); a call that may have had effects never runs twice. Each decision is said on the call.
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

/** A tool that says it changes nothing: running it twice cannot repeat an effect. */
const isReadOnly = (tool: Tool): boolean => tool.annotations?.readOnlyHint === true;

/**
 * The retry policy, said on each call it judges (`call-retry`, with the call's id). A call that failed retryably
 * (a lost connection, a 5xx, a timeout in a parallel batch) to an MCP server runs again once, one at a time and
 * validated first, only if its tool is read-only (its annotation, or the person's mark): for each server that ran
 * two or more calls of the round at once (and is not sequential), its failed read-only calls (Yao's fallback, with
 * the round-level `sequential-fallback` act); a read-only call alone runs again only after a `tool-error` (a
 * timeout alone already waited its whole time). A call whose tool is not read-only is never run again — it may have
 * done its work before failing — and says so. New results replace the old ones (both stay in the trace); outcomes
 * keep the model's order.
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
  const outcomeOf = (call: PlannedToolCall) => outcomes.find((candidate) => candidate.callId === call.callId);
  const say = (call: PlannedToolCall, detail: string) =>
    emit({ type: 'policy-act', at: environment.now(), round, policy: 'call-retry', detail, callId: call.callId });
  for (const [server, batch] of byServer) {
    const parallel =
      batch.length > 1 &&
      state.policies.maxConcurrencyPerServer > 1 &&
      !state.policies.sequentialServers.includes(server);
    const failed = batch.filter(({ call }) => {
      const outcome = outcomeOf(call);
      return outcome !== undefined && isRetryableFailure(outcome);
    });
    const again: RanCall[] = [];
    for (const entry of failed) {
      const status = outcomeOf(entry.call)?.status;
      if (!isReadOnly(entry.tool)) {
        say(
          entry.call,
          `Not run again: ${entry.call.name} is not marked read-only, so the failed call may have had effects.`,
        );
      } else if (parallel || status === 'tool-error') {
        say(entry.call, `Running it again once: ${entry.call.name} is read-only and failed in a way a retry can help.`);
        again.push(entry);
      }
    }
    if (again.length === 0) continue;
    if (parallel)
      emit({
        type: 'policy-act',
        at: environment.now(),
        round,
        policy: 'sequential-fallback',
        detail: `${failed.length} of ${batch.length} parallel calls to ${server} failed retryably; running the read-only ones again one by one.`,
      });
    for (const { call, tool, input } of again) {
      if (options.signal.aborted) break;
      const problem = state.validate(tool, input);
      if (problem !== undefined) continue;
      // The same call again: logged without the eager or repaired marks of its first run.
      const rerun = { callId: call.callId, name: call.name, input: call.input };
      const { startedAt, settled: running } = runCall(context, rerun, tool, input, options.signal, {});
      const settled = await running;
      const position = outcomes.findIndex((candidate) => candidate.callId === call.callId);
      outcomes[position] = endCall(context, call, settled, startedAt, startedAt);
    }
  }
  return outcomes;
}
