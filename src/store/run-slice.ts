// The current run: starts and stops it through the client and folds its events into the view.
import { applyRunEvent } from './apply-run-event';
import { buildRunSettings } from './build-provider-settings';
import { describeError } from './loupe-state';
import type { GetLoupeState, RunSlice, SetLoupeState, SliceDependencies } from './loupe-state';
import { initialRunView } from './run-view';

export function createRunSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): RunSlice {
  return {
    runView: initialRunView,
    async run() {
      const { settings, runView } = get();
      const message = settings.draft.trim();
      if (get().sessionAccess !== 'owner') {
        get().pushAlert('This session is open in another tab, which saves it: take it over to run here.');
        return;
      }
      if (message === '' || runView.phase === 'running') return;
      if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert('Enter your Anthropic API key, or choose the Demo model, then press Run.');
        return;
      }
      const runId = deps.createId();
      set({ runView: { ...initialRunView, runId, phase: 'running' } });
      try {
        const attachments = get().attachments.map((attachment) => attachment.block);
        await deps.client.send({
          type: 'run-start',
          runId,
          settings: { ...buildRunSettings(settings), tools: get().toolSelection },
          message,
          ...(attachments.length === 0 ? {} : { attachments }),
        });
        // Attached resources go with this message only.
        if (attachments.length > 0) set({ attachments: [] });
      } catch (error) {
        const text = describeError(error);
        set((state) =>
          state.runView.runId === runId && state.runView.phase === 'running'
            ? { runView: { ...state.runView, phase: 'ended', finishReason: 'error', error: { message: text } } }
            : {},
        );
        get().pushAlert(`The run could not start: ${text}`);
      }
    },
    async stop() {
      const { runId, phase } = get().runView;
      if (runId === null || phase !== 'running') return;
      try {
        await deps.client.send({ type: 'run-stop', runId });
      } catch (error) {
        get().pushAlert(`Could not stop the run: ${describeError(error)}`);
      }
    },
    async exportTranscript() {
      const { runId } = get().runView;
      if (runId === null) return null;
      try {
        return await deps.client.send({ type: 'transcript-export', runId });
      } catch (error) {
        get().pushAlert(`Could not export the transcript: ${describeError(error)}`);
        return null;
      }
    },
    applyRunEvents(runId, events) {
      // A tab that does not own the session shows it as stored (what its own worker does, e.g. a run stopped at a takeover, is not it).
      if (get().sessionAccess !== 'owner') return;
      set((state) => (state.runView.runId === runId ? { runView: events.reduce(applyRunEvent, state.runView) } : {}));
    },
  };
}
