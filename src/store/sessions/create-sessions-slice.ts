// Sessions: persisted in the worker's IndexedDB, checkpointed at each phase boundary, restored on load; import and replay.
// The parts share one context (sessions-context.ts); each file is one concern.
import { describeError, type GetLoupeState, type SetLoupeState, type SliceDependencies } from '../loupe-state';
import { createInterruptedRuns } from './interrupted-run';
import { createSessionCheckpointActions } from './session-checkpoint-actions';
import { lazyImportActions } from './lazy-import-actions';
import { createSessionListActions } from './session-list-actions';
import { createSessionOwnership } from './session-ownership';
import { createSessionRestore } from './session-restore';
import { createSessionResumeActions } from './session-resume-actions';
import { createSessionsContext, type SessionsOptions } from './sessions-context';
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
    traceChoice: null,
    dismissTraceChoice: () => context.update({ traceChoice: null }),
    nameRun: (runId, label) => void context.pending.set(runId, { origin: 'live', label }),
    resumeHistory: null,
    storageProblem: null,
    applyStorageProblem: (message) => context.reportStorage(new Error(message)),
    sessionAccess: 'owner',
    sessionAccessNote: null,
    ...ownership,
    ...createSessionListActions(context, restore),
    ...lazyImportActions(
      () => import('./session-import-actions').then((module) => module.createSessionImportActions(context, restore)),
      (error) => get().pushAlert(`Loupe could not load its import and replay code: ${describeError(error)}.`),
    ),
    ...createSessionResumeActions(context, restore, interrupted),
    ...createSessionCheckpointActions(context, interrupted),
  };
}
