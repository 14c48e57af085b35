// Going on after a restore: an interrupted run resumed or ended there, its conversation continued with a new message.
import { buildRunSettings } from '../build-provider-settings';
import { initialRunView } from '../run-view';
import type { InterruptedRuns } from './interrupted-run';
import type { SessionRestore } from './session-restore';
import type { SessionsSlice } from './sessions-state';
import type { SessionsContext } from './sessions-context';

export type SessionResumeActions = Pick<
  SessionsSlice,
  'continueRun' | 'dismissSessionNotice' | 'resumeInterruptedRun' | 'endInterruptedRun' | 'reopenAfterRestart'
>;

export function createSessionResumeActions(
  context: SessionsContext,
  restore: SessionRestore,
  interrupted: InterruptedRuns,
): SessionResumeActions {
  const { get, update, deps } = context;
  return {
    async reopenAfterRestart() {
      // The old worker's runs died with it (and what it had not stored yet); the new one knows none until they
      // are loaded again, and owns the session only once it holds its lock again (this page kept it meanwhile).
      context.loadedRuns.clear();
      context.pending.clear();
      const { current } = context;
      if (current === null) return;
      await context.enterSession(current);
      update({ runView: { ...initialRunView } });
      await restore.showStored(current, current.activeRunId);
    },

    async continueRun() {
      const { settings } = get();
      const message = settings.draft.trim();
      if (message === '') return;
      if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert(
          'Enter your Anthropic API key (it is not kept across reloads unless remembered), then press Continue.',
        );
        return;
      }
      // A new message after a run still waiting for Resume or End here ends it there first.
      if (interrupted.undecided() !== null) await interrupted.end(true);
      const history = get().resumeHistory;
      if (history === null) return;
      const runId = deps.createId();
      update({ resumeHistory: null });
      await restore.startTracked(runId, { origin: 'live', label: 'Continued' }, () =>
        deps.client.send({
          type: 'run-start',
          runId,
          settings: buildRunSettings(settings, get().currentSessionId),
          message,
          history,
        }),
      );
    },

    resumeInterruptedRun: () => interrupted.resume(),

    endInterruptedRun: () => interrupted.end(true),

    dismissSessionNotice() {
      // Dismissing the choice is choosing to leave the run stopped: it is closed where it was cut.
      if (interrupted.undecided() !== null) void interrupted.end(false);
      update({ sessionNotice: null });
    },
  };
}
