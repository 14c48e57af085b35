// The current run: starts and stops it through the client and folds its events into the view.
import { withAttachedSkills } from './skills-slice';
import { foldRunEvents } from './fold-run-events';
import { buildRunSettings } from './build-provider-settings';
import { describeError } from './loupe-state';
import type { GetLoupeState, RunSlice, SetLoupeState, SliceDependencies } from './loupe-state';
import { initialRunView } from './run-view';
import { describeServerTimeout, waitForConnectingServers, type ServerWait } from './wait-for-servers';

/** Why Run does nothing in a tab that does not own its session. */
const RUN_ELSEWHERE = 'This session is open in another tab, which saves it: take it over to run here.';

export function createRunSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): RunSlice {
  /** The run being started while it waits for connecting servers; Stop cancels the wait. */
  let starting: { runId: string; wait: ServerWait } | null = null;

  /** Ends the shown run `runId` (still `running`) with `patch`; a newer run is left alone. */
  const endStarting = (runId: string, patch: Partial<typeof initialRunView>) =>
    set((state) =>
      state.runView.runId === runId && state.runView.phase === 'running'
        ? { runView: { ...state.runView, phase: 'ended', waitingFor: [], ...patch } }
        : {},
    );

  return {
    runView: initialRunView,
    runRefusedForToolLimits: false,
    dismissToolLimitsAtRun: () => set({ runRefusedForToolLimits: false }),
    async run(options = {}) {
      const { settings, runView } = get();
      const message = (options.message ?? settings.draft).trim();
      if (get().sessionAccess !== 'owner') {
        get().pushAlert(RUN_ELSEWHERE);
        return undefined;
      }
      if (message === '' || runView.phase === 'running') return undefined;
      if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert('Enter your Anthropic API key, or choose the Demo model, then press Run.');
        return undefined;
      }
      // The provider would answer 400 to a tool list that breaks its limits: that is checked once the servers are in
      // (below), with the Tools tab's checks, which load apart from the first load; their load starts now.
      const checks = import('./tools/find-run-tool-problems');
      const before = get().runView;
      const runId = deps.createId();
      set({ runView: { ...initialRunView, runId, phase: 'running' }, runRefusedForToolLimits: false });
      // The tool list is sent once, at the start: a server still connecting (the demo server right after
      // the page opens) would be missing from the whole run. Wait for it — visibly, bounded, cancellable.
      const wait = waitForConnectingServers(
        get,
        (waitingFor) =>
          set((state) => (state.runView.runId === runId ? { runView: { ...state.runView, waitingFor } } : {})),
        { isEngineReady: () => deps.client.isReady?.() ?? true },
      );
      starting = { runId, wait };
      const outcome = await wait.outcome;
      if (starting?.runId === runId) starting = null;
      if (outcome.kind === 'cancelled') {
        endStarting(runId, { finishReason: 'aborted' });
        return undefined;
      }
      // The session this run is stored in is opened through the engine too: wait for it (at once once opened).
      await get().sessionsOpened();
      if (get().runView.runId !== runId) return undefined;
      if (get().sessionAccess !== 'owner') {
        endStarting(runId, { finishReason: 'aborted' });
        get().pushAlert(RUN_ELSEWHERE);
        return undefined;
      }
      set((state) => ({ runView: { ...state.runView, waitingFor: [] } }));
      if (outcome.kind === 'timeout') get().pushAlert(describeServerTimeout(outcome.missing));
      // Nothing is sent then: the page shows the problems with their fixes, and the run shown before comes back.
      // (Checks that failed to load leave the answer to the provider, as before they existed.)
      const loaded = await checks.catch(() => null);
      if (get().runView.runId !== runId) return undefined;
      if (loaded !== null && loaded.findRunToolProblems(get()).length > 0) {
        set({ runView: before, runRefusedForToolLimits: true });
        return undefined;
      }
      try {
        const attachments = get().attachments.map((attachment) => attachment.block);
        // Read now, not at the click: the selection knows the tools of servers that connected meanwhile.
        const { settings: current, toolSelection, attachedSkills } = get();
        const runSettings = buildRunSettings(current, get().currentSessionId);
        if (options.label !== undefined) get().nameRun(runId, options.label);
        await deps.client.send({
          type: 'run-start',
          runId,
          settings: {
            ...runSettings,
            // Attached skills go into this run's system prompt (and so its transcript), then come off.
            system: withAttachedSkills(runSettings.system, attachedSkills),
            tools: toolSelection,
            ...(options.serverPaths === undefined ? {} : { serverPaths: options.serverPaths }),
          },
          message,
          ...(attachments.length === 0 ? {} : { attachments }),
        });
        // Attached resources go with this message only.
        if (attachments.length > 0) set({ attachments: [] });
        if (attachedSkills.length > 0) set({ attachedSkills: [] });
        return runId;
      } catch (error) {
        const text = describeError(error);
        endStarting(runId, { finishReason: 'error', error: { message: text } });
        get().pushAlert(`The run could not start: ${text}`);
        return undefined;
      }
    },
    async stop() {
      const { runId, phase } = get().runView;
      if (runId === null || phase !== 'running') return;
      if (starting?.runId === runId) {
        starting.wait.cancel();
        return;
      }
      try {
        await deps.client.send({ type: 'run-stop', runId });
      } catch (error) {
        get().pushAlert(`Could not stop the run: ${describeError(error)}`);
      }
    },
    async exportTranscript() {
      const { runId } = get().runView;
      return runId === null ? null : get().exportTranscriptOf(runId);
    },
    async exportTranscriptOf(runId) {
      try {
        return await deps.client.send({ type: 'transcript-export', runId });
      } catch (error) {
        get().pushAlert(`Could not export the transcript: ${describeError(error)}`);
        return null;
      }
    },
    async convertToOtlp(transcripts, content) {
      try {
        return await deps.client.send({ type: 'otlp-convert', transcripts, content });
      } catch (error) {
        get().pushAlert(`Could not export the OpenTelemetry trace: ${describeError(error)}`);
        return null;
      }
    },
    async buildShareFile(command) {
      try {
        return (await deps.client.send(command)).text;
      } catch (error) {
        get().pushAlert(`Could not build the ${command.format.toUpperCase()} file: ${describeError(error)}`);
        return null;
      }
    },
    applyRunEvents(runId, events) {
      // A tab that does not own the session shows it as stored (what its own worker does, e.g. a run stopped at a takeover, is not it).
      if (get().sessionAccess !== 'owner') return;
      set((state) => (state.runView.runId === runId ? { runView: foldRunEvents(state.runView, events) } : {}));
    },
  };
}
