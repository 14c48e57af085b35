// Going on after a restore: the conversation of an interrupted run continued with a new message.
import { buildRunSettings } from '../build-provider-settings';
import type { SessionRestore } from './session-restore';
import type { SessionsSlice } from './sessions-state';
import type { SessionsContext } from './sessions-context';

export type SessionResumeActions = Pick<SessionsSlice, 'continueRun' | 'dismissSessionNotice'>;

export function createSessionResumeActions(context: SessionsContext, restore: SessionRestore): SessionResumeActions {
  const { get, update, deps } = context;
  return {
    async continueRun() {
      const history = get().resumeHistory;
      const { settings } = get();
      const message = settings.draft.trim();
      if (history === null || message === '') return;
      if (settings.provider === 'anthropic' && settings.apiKey.trim() === '') {
        get().pushAlert(
          'Enter your Anthropic API key (it is not kept across reloads unless remembered), then press Continue.',
        );
        return;
      }
      const runId = deps.createId();
      update({ resumeHistory: null });
      await restore.startTracked(runId, { origin: 'live', label: 'Continued' }, () =>
        deps.client.send({ type: 'run-start', runId, settings: buildRunSettings(settings), message, history }),
      );
    },

    dismissSessionNotice() {
      update({ sessionNotice: null });
    },
  };
}
