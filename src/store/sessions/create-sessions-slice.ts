// Sessions: persisted in IndexedDB, checkpointed at each phase boundary, restored on load; import and replay.
// The parts share one context (sessions-context.ts); each file is one concern.
import type { GetLoupeState, SetLoupeState, SliceDependencies } from '../loupe-state';
import { createInterruptedRuns } from './interrupted-run';
import { createSessionCheckpointActions } from './session-checkpoint-actions';
import type { SessionImportActions } from './session-import-actions';
import { createSessionListActions } from './session-list-actions';
import { createSessionOwnership } from './session-ownership';
import { createSessionRestore, type SessionRestore } from './session-restore';
import { createSessionResumeActions } from './session-resume-actions';
import { createSessionsContext, type SessionsContext, type SessionsOptions } from './sessions-context';
import type { SessionsSlice } from './sessions-state';

export { CURRENT_SESSION_KEY, type SessionsOptions } from './sessions-context';

export function createSessionsSlice(
  set: SetLoupeState,
  get: GetLoupeState,
  deps: SliceDependencies,
  options: SessionsOptions,
): SessionsSlice {
  const context = createSessionsContext(set, get, deps, options);
  const interrupted = createInterruptedRuns(context);
  const restore = createSessionRestore(context, interrupted);
  const ownership = createSessionOwnership(context, restore);
  return {
    sessions: [],
    currentSessionId: null,
    sessionRuns: [],
    sessionBranches: [],
    sessionNotice: null,
    resumeHistory: null,
    storageProblem: null,
    sessionAccess: 'owner',
    sessionAccessNote: null,
    ...ownership,
    ...createSessionListActions(context, restore),
    ...lazyImportActions(context, restore),
    ...createSessionResumeActions(context, restore, interrupted),
    ...createSessionCheckpointActions(context, interrupted),
  };
}

/**
 * Import, replay and compare, their code loaded on first use: a person imports a file or compares runs long after
 * the page is up, and the code (folding a whole transcript, storing it in parts) is not in the first load.
 */
function lazyImportActions(context: SessionsContext, restore: SessionRestore): SessionImportActions {
  let actions: Promise<SessionImportActions> | undefined;
  const load = (): Promise<SessionImportActions> =>
    (actions ??= import('./session-import-actions').then((module) =>
      module.createSessionImportActions(context, restore),
    ));
  return {
    importTranscriptFile: async (file) => (await load()).importTranscriptFile(file),
    replayRun: async (mode) => (await load()).replayRun(mode),
    compareRuns: async (left, right) => (await load()).compareRuns(left, right),
  };
}
