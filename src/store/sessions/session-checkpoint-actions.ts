// Every run event passes here: a new run joins the session's record, and how a run ended is kept with it. The
// events themselves are stored by the worker at each checkpoint (worker/sessions/run-log-writer.ts).
import type { Message } from '../../engine/message/message';
import { isTestRunId } from '../../shared/test-run-id';
import type { InterruptedRuns } from './interrupted-run';
import { readBranches, writeBranches } from './session-branches';
import { pickSessionSettings } from './session-record';
import type { SessionsSlice } from './sessions-state';
import type { SessionsContext } from './sessions-context';
import { toPersistedServer } from '../persist-servers';

export type SessionCheckpointActions = Pick<SessionsSlice, 'recordRunEvent' | 'flushSessions' | 'recordBranches'>;

export function createSessionCheckpointActions(
  context: SessionsContext,
  interrupted: InterruptedRuns,
): SessionCheckpointActions {
  const { get, update, loadedRuns, pending } = context;
  return {
    recordRunEvent(runId, event) {
      const { current } = context;
      // A tab that does not own the session (or is handing it over) records nothing.
      if (!context.owns || context.releasing) return;
      // The Tests panel's runs are checked and shown there, never kept as the person's runs.
      if (isTestRunId(runId)) return;
      if (event.type === 'run-start' && current && !current.runs.some((run) => run.runId === runId)) {
        // A new run while an interrupted one waits for Resume or End here: the person chose to leave it stopped.
        if (interrupted.undecided() !== null) void interrupted.end(false);
        const meta = pending.get(runId) ?? { origin: 'live' as const, label: firstText(event.messages) };
        pending.delete(runId);
        loadedRuns.add(runId);
        current.runs.push({ runId, startedAt: event.at, ...meta });
        current.activeRunId = runId;
        current.settings = pickSessionSettings(get().settings);
        current.servers = get().servers.map(toPersistedServer);
        update({ sessionRuns: [...current.runs], sessionBranches: readBranches(current) });
        void context.save(current);
      }
      // How each run ended is kept with it, so the run switcher can say it without reading its events.
      if (event.type === 'run-end' && current) {
        const run = current.runs.find((candidate) => candidate.runId === runId);
        if (run !== undefined && run.finishReason !== event.finishReason) {
          run.finishReason = event.finishReason;
          update({ sessionRuns: [...current.runs] });
          void context.save(current);
        }
      }
    },

    flushSessions: () => context.runLog.flush(),

    async recordBranches(branches) {
      const { current } = context;
      if (!current || branches.length === 0) return;
      writeBranches(current, branches);
      update({ sessionBranches: readBranches(current) });
      await context.save(current);
    },
  };
}

/** A run's label: the start of its last user text. */
function firstText(messages: readonly Message[]): string {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') continue;
    for (const block of message.content) if (block.type === 'text') return block.text.slice(0, 60);
  }
  return 'Run';
}
