// The debugger slice: step controls, the pending pause, edits, forks and branches, the manual model's turns.
import type { PauseDecision, StepMode } from '../../engine/debug/pause-point';
import type { ModelRequest } from '../../engine/model/model';
import type { BranchInfo } from '../../protocol/debug-messages';
import type { WorkerMessage } from '../../protocol/messages';
import { applyRunEvent } from '../apply-run-event';
import { buildRunSettings } from '../build-provider-settings';
import { describeError } from '../loupe-state';
import type { GetLoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import { initialRunView, type RunView } from '../run-view';
import { initialDebugData, type DebugData, type DebugSlice } from './debug-state';
import { loadDebugSettings, saveDebugSettings } from './persist-debug-settings';
import { partRequests, partsFrom } from './token-parts';

/** The request as the pause panel shows it: the pending one with the draft edit applied. */
function requestWithDraft(request: ModelRequest, draft: DebugData['draft']): ModelRequest {
  return draft?.decision.type === 'edit-request' ? { ...request, ...draft.decision.patch } : request;
}

export function createDebugSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): DebugSlice {
  const settings = loadDebugSettings(deps.storage);
  const patch = (change: Partial<DebugData> | ((debug: DebugData) => Partial<DebugData>)): void =>
    set((state) => ({ debug: { ...state.debug, ...(typeof change === 'function' ? change(state.debug) : change) } }));
  const send = deps.client.send.bind(deps.client);
  const current = (): { runId: string | null; running: boolean } => {
    const { runId, phase } = get().runView;
    return { runId, running: phase === 'running' };
  };

  async function inspect(runId: string): Promise<void> {
    try {
      const point = await send({ type: 'pause-inspect', runId });
      if (get().runView.runId !== runId) return;
      patch({ pending: point, tokens: null, draft: null, error: null });
      if (point?.kind === 'before-request') await get().countTokens();
    } catch (error) {
      get().pushAlert(`Could not read the paused step: ${describeError(error)}`);
    }
  }

  async function setMode(mode: StepMode): Promise<void> {
    const { runId, running } = current();
    patch({ mode });
    if (runId === null || !running) return;
    try {
      await send({ type: 'run-mode', runId, mode });
    } catch (error) {
      get().pushAlert(`Could not change how the run goes on: ${describeError(error)}`);
    }
  }

  async function answer(decision: PauseDecision, then?: StepMode): Promise<boolean> {
    const { pending, draft } = get().debug;
    const { runId } = current();
    if (pending === null || runId === null) return false;
    if (draft !== null && draft.problems.length > 0 && decision === draft.decision) {
      patch({ error: `Fix the edit first: ${draft.problems.join(' ')}` });
      return false;
    }
    try {
      await send({
        type: 'pause-resolve',
        runId,
        pauseId: pending.pauseId,
        decision,
        ...(then === undefined ? {} : { then }),
      });
      patch((debug) => ({
        pending: debug.pending?.pauseId === pending.pauseId ? null : debug.pending,
        draft: null,
        error: null,
        tokens: null,
        ...(then === undefined ? {} : { mode: then }),
      }));
      return true;
    } catch (error) {
      patch({ error: describeError(error) });
      return false;
    }
  }

  /** Answers a held pause with the draft (or continue) and `then`; else sets how a running run goes on. */
  const goOn = async (then: StepMode): Promise<unknown> => {
    const { runView } = get();
    // The timeline can show a pause a moment before its details arrive: fetch them rather than lose the press.
    if (get().debug.pending === null && runView.phase === 'running' && runView.pause !== undefined && runView.runId) {
      await inspect(runView.runId);
    }
    const { pending, draft } = get().debug;
    if (pending !== null) return answer(draft?.decision ?? { type: 'continue' }, then);
    return setMode(then);
  };

  const foldBranch = (runId: string, message: Extract<WorkerMessage, { type: 'run-event' }>): void => {
    patch((debug) => {
      const base: RunView = debug.branchViews[runId] ?? { ...initialRunView, runId, phase: 'running' };
      return { branchViews: { ...debug.branchViews, [runId]: applyRunEvent(base, message.event) } };
    });
  };

  const stopDebug = deps.client.subscribe((message) => {
    if (message.type === 'manual-turn') {
      patch({ manualTurn: { runId: message.runId, turnId: message.turnId, tools: message.tools }, error: null });
      return;
    }
    if (message.type !== 'run-event') return;
    const { runId, event } = message;
    const { debug, runView } = get();
    const inFamily = debug.branches.some((branch) => branch.runId === runId);
    if (inFamily) foldBranch(runId, message);
    if (runId !== runView.runId) return;
    switch (event.type) {
      case 'run-start':
        patch({
          mode: debug.settings.stepMode ? 'step' : 'run',
          pending: null,
          draft: null,
          error: null,
          tokens: null,
          ...(inFamily ? {} : { branches: [], branchViews: {} }),
        });
        return;
      case 'pause-start':
        void inspect(runId);
        return;
      case 'pause-end':
        if (debug.pending?.pauseId === event.pauseId) patch({ pending: null, draft: null, tokens: null, error: null });
        return;
      case 'run-end':
        patch((state) => {
          const manualTurn = state.manualTurn?.runId === runId ? null : state.manualTurn;
          // An MCP App's call stays held after its run ended (the app is still live): only the loop's pause goes.
          const pending = state.pending;
          if (pending !== null && 'appOf' in pending && pending.appOf !== undefined) return { manualTurn };
          return { pending: null, draft: null, tokens: null, manualTurn };
        });
        return;
      default:
        return;
    }
  });

  // The worker starts with no settings: tell it the remembered ones before any run.
  void send({ type: 'debug-set', settings }).catch(() => undefined);

  return {
    debug: initialDebugData(settings),
    stopDebug,
    setStepMode(on) {
      get().updateDebugSettings({ stepMode: on });
      if (current().running) void setMode(on ? 'step' : 'run');
    },
    updateDebugSettings(change) {
      const next = { ...get().debug.settings, ...change };
      patch({ settings: next });
      saveDebugSettings(deps.storage, next);
      send({ type: 'debug-set', settings: next }).catch((error: unknown) =>
        get().pushAlert(`Could not update the debugger settings: ${describeError(error)}`),
      );
    },
    async step() {
      await goOn('step');
    },
    async continueDebugRun() {
      await goOn('run');
    },
    async stepOverRound() {
      await goOn('next-round');
    },
    async pauseRun() {
      if (current().running && get().debug.pending === null) await setMode('step');
    },
    resolvePause: (decision) => answer(decision),
    setDraft(draft) {
      patch({ draft, error: null });
    },
    async countTokens(perPart = false) {
      const { pending, draft } = get().debug;
      const { runId } = current();
      if (pending?.kind !== 'before-request' || runId === null) return;
      patch({ tokens: { status: 'counting', ...(perPart ? { perPart } : {}) } });
      const request = requestWithDraft(pending.request, draft);
      // A count that arrives after the pause moved on (or was counted again) must not overwrite the newer state.
      const stillPending = (): boolean => get().debug.pending?.pauseId === pending.pauseId;
      try {
        const asked = perPart ? partRequests(request) : [request];
        const counts = await Promise.all(asked.map((each) => send({ type: 'tokens-count', runId, request: each })));
        if (!stillPending()) return;
        const [whole, withoutTools, bare] = counts;
        if (whole === null || whole === undefined) return patch({ tokens: { status: 'unavailable' } });
        const parts =
          withoutTools && bare
            ? { parts: partsFrom([whole.inputTokens, withoutTools.inputTokens, bare.inputTokens]) }
            : {};
        patch({ tokens: { status: 'counted', inputTokens: whole.inputTokens, ...parts } });
      } catch (error) {
        if (stillPending()) patch({ tokens: { status: 'failed', message: describeError(error) } });
      }
    },
    async loadForkHistory(round) {
      const { runId } = current();
      if (runId === null) return null;
      try {
        return await send({ type: 'fork-history', runId, round });
      } catch (error) {
        get().pushAlert(`Could not read round ${round}'s history: ${describeError(error)}`);
        return null;
      }
    },
    async loadMessagesSoFar() {
      const { runId } = current();
      if (runId === null) throw new Error('There is no run yet.');
      try {
        return await send({ type: 'messages-so-far', runId });
      } catch (error) {
        throw new Error(describeError(error), { cause: error });
      }
    },
    async forkFrom(round, name, messages) {
      const { runView, settings, debug } = get();
      const source = runView.runId;
      if (source === null || runView.phase === 'running') return false;
      const runId = deps.createId();
      const provisional: BranchInfo = {
        runId,
        name: name.trim() || `Fork of round ${round}`,
        parentRunId: source,
        forkRound: round,
      };
      const original: BranchInfo[] = debug.branches.some((branch) => branch.runId === source)
        ? []
        : [{ runId: source, name: 'Original', parentRunId: null, forkRound: null }];
      const started: RunView = { ...initialRunView, runId, phase: 'running' };
      set((state) => ({
        runView: started,
        debug: {
          ...state.debug,
          branches: [...state.debug.branches, ...original, provisional],
          branchViews: { ...state.debug.branchViews, [source]: runView, [runId]: started },
          pending: null,
          draft: null,
        },
      }));
      try {
        const info = await send({
          type: 'run-fork',
          runId: source,
          newRunId: runId,
          round,
          name: provisional.name,
          settings: { ...buildRunSettings(settings, get().currentSessionId), debug: debug.settings },
          ...(messages === undefined ? {} : { messages }),
        });
        patch((state) => ({ branches: state.branches.map((branch) => (branch.runId === runId ? info : branch)) }));
        const family = get().debug.branches.filter((branch) => branch.runId === source || branch.runId === runId);
        await get().recordBranches(family);
        return true;
      } catch (error) {
        set((state) => ({
          runView,
          debug: { ...state.debug, branches: state.debug.branches.filter((branch) => branch.runId !== runId) },
        }));
        get().pushAlert(`Could not fork from round ${round}: ${describeError(error)}`);
        return false;
      }
    },
    switchBranch(runId) {
      const view = get().debug.branchViews[runId];
      if (view === undefined || runId === get().runView.runId) return;
      set((state) => ({
        runView: view,
        debug: { ...state.debug, pending: null, draft: null, tokens: null, error: null },
      }));
      if (view.phase === 'running' && view.pause !== undefined) void inspect(runId);
    },
    async renameBranch(runId, name) {
      const trimmed = name.trim();
      if (trimmed === '') return;
      patch((debug) => ({
        branches: debug.branches.map((branch) => (branch.runId === runId ? { ...branch, name: trimmed } : branch)),
      }));
      await get().recordBranches(get().debug.branches.filter((branch) => branch.runId === runId));
      try {
        await send({ type: 'branch-rename', runId, name: trimmed });
      } catch (error) {
        get().pushAlert(`Could not rename the branch: ${describeError(error)}`);
      }
    },
    async restoreBranches(branches, views) {
      patch((debug) => ({ branches, branchViews: { ...debug.branchViews, ...views } }));
      try {
        await send({ type: 'branches-restore', branches });
      } catch (error) {
        get().pushAlert(`The branches were restored here but the worker refused them: ${describeError(error)}`);
      }
    },
    async followResumedRun(runId) {
      patch({ mode: 'step', pending: null, draft: null, error: null, tokens: null });
      // The worker answers `run-resume` before the loop is back at its gate: ask until it holds the pause.
      for (let attempt = 0; attempt < 50 && get().runView.runId === runId; attempt += 1) {
        await inspect(runId);
        if (get().debug.pending !== null || get().runView.phase !== 'running') return;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    },
    async sendManualReply(content) {
      const turn = get().debug.manualTurn;
      if (turn === null) return false;
      try {
        await send({ type: 'manual-reply', runId: turn.runId, turnId: turn.turnId, content });
        patch((debug) => ({
          manualTurn: debug.manualTurn?.turnId === turn.turnId ? null : debug.manualTurn,
          error: null,
        }));
        return true;
      } catch (error) {
        patch({ error: describeError(error) });
        return false;
      }
    },
  };
}
