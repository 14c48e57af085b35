// Continue live: an opened request (or any imported run) goes on against the person's model with their own key,
// its tool calls answered by the connected servers — or, for tools no server offers, by the person at a pause.
import type { RunContinueResult } from '../../protocol/session-messages';
import type { Breakpoint } from '../../engine/debug/pause-point';
import { buildRunSettings } from '../build-provider-settings';
import { describeError } from '../loupe-state';
import { initialRunView, type RunView } from '../run-view';
import type { BranchInfo } from '../../protocol/debug-messages';
import type { SessionRestore } from './session-restore';
import type { SessionsContext } from './sessions-context';

/** What to do with the request's tools that no connected server offers (absent: ask first, start nothing). */
export type UnmatchedToolsChoice = 'by-hand' | 'leave-out';

const NOT_STARTED: RunContinueResult = { started: false, unmatched: [] };

/** The id of the breakpoint that holds each call of a by-hand tool for the person's result. */
export const byHandBreakpointId = (toolName: string) => `by-hand:${toolName}`;

export function createContinueLive(context: SessionsContext, restore: SessionRestore) {
  const { get, update, deps, loadedRuns } = context;

  /** A breakpoint before every call of each tool the person answers by hand (shown, and removable, as any other). */
  function holdByHandCalls(names: readonly string[]): void {
    const { breakpoints } = get().debug.settings;
    const added: Breakpoint[] = names
      .filter((name) => !breakpoints.some((point) => point.kind === 'tool' && point.toolName === name && point.enabled))
      .map((toolName) => ({ id: byHandBreakpointId(toolName), enabled: true, kind: 'tool', toolName }));
    if (added.length > 0) get().updateDebugSettings({ breakpoints: [...breakpoints, ...added] });
  }

  return {
    /**
     * Starts a new run from the shown run's whole history. The first call (no `unmatched`) starts nothing when
     * some of its tools are offered by no connected server: the result names them, for the person to choose.
     */
    async continueLive(unmatched?: UnmatchedToolsChoice, names: readonly string[] = []): Promise<RunContinueResult> {
      const { runView, settings } = get();
      const sourceRunId = runView.runId;
      const { current } = context;
      if (sourceRunId === null || runView.phase === 'running' || !current) return NOT_STARTED;
      if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert('Enter your Anthropic API key to continue the run live: the request’s own key is never kept.');
        return NOT_STARTED;
      }
      const source = current.runs.find((candidate) => candidate.runId === sourceRunId);
      if (source && !loadedRuns.has(sourceRunId)) await restore.ensureLoaded(source, false).catch(() => undefined);
      if (unmatched === 'by-hand') holdByHandCalls(names);
      const runId = deps.createId();
      // A branch of the opened run, forked after its last round: the timeline goes on with the next round's
      // number, shows the opened rounds as inherited, and Compare starts from the two.
      const lastRound = runView.rounds.at(-1)?.round ?? 0;
      const before = get().debug;
      const family: BranchInfo[] = [
        before.branches.find((branch) => branch.runId === sourceRunId) ?? {
          runId: sourceRunId,
          name: 'Original',
          parentRunId: null,
          forkRound: null,
        },
        { runId, name: 'Continued live', parentRunId: sourceRunId, forkRound: lastRound + 1 },
      ];
      const started: RunView = { ...initialRunView, runId, phase: 'running' };
      const undo = () => {
        context.pending.delete(runId);
        update({ runView, debug: { ...get().debug, branches: before.branches, branchViews: before.branchViews } });
      };
      context.pending.set(runId, { origin: 'live', label: 'Continued live', sourceRunId });
      update({
        runView: started,
        sessionNotice: null,
        debug: {
          ...before,
          branches: [...before.branches.filter((branch) => branch.runId !== sourceRunId), ...family],
          branchViews: { ...before.branchViews, [sourceRunId]: runView, [runId]: started },
        },
      });
      let result: RunContinueResult;
      try {
        result = await deps.client.send({
          type: 'run-continue',
          runId,
          sourceRunId,
          settings: { ...buildRunSettings(get().settings), debug: get().debug.settings },
          ...(unmatched === undefined ? {} : { unmatched }),
        });
      } catch (error) {
        undo();
        get().pushAlert(`The run could not continue: ${describeError(error)}`);
        return NOT_STARTED;
      }
      // Nothing was sent: the opened run is shown again while the person chooses.
      if (!result.started) undo();
      else {
        // The worker learns the family (an export of either run carries it), the session stores it.
        await deps.client.send({ type: 'branches-restore', branches: family }).catch(() => undefined);
        await get().recordBranches(family);
      }
      return result;
    },
  };
}
