// Pure: folds the loop-policy events (queued calls, progress, logs, policy acts, catalogue updates) into the run view.
import type { RunEvent } from '../engine/event/run-event';
import type { RunView } from './run-view';
import { updateCall, updateRound } from './update-run-view';

/** The events this fold handles. */
export type PolicyEvent = Extract<
  RunEvent,
  { type: 'tool-call-queued' | 'tool-call-progress' | 'tool-call-log' | 'policy-act' | 'tools-update' }
>;

/** Folds one policy event into `state` (a new view; unchanged parts shared). */
export function applyPolicyEvent(state: RunView, event: PolicyEvent): RunView {
  switch (event.type) {
    case 'tool-call-queued':
      return updateRound(state, event.round, (view) =>
        updateCall(view, event.callId, event.name, (call) => ({ ...call, status: 'queued', queuedAt: event.at })),
      );
    case 'tool-call-progress':
      return updateRound(state, event.round, (view) =>
        updateCall(view, event.callId, '', (call) => ({
          ...call,
          progress: {
            progress: event.progress,
            ...(event.total === undefined ? {} : { total: event.total }),
            ...(event.message === undefined ? {} : { message: event.message }),
            ...(event.task === undefined ? {} : { task: event.task }),
          },
          progressCount: (call.progressCount ?? 0) + 1,
        })),
      );
    case 'tool-call-log':
      return updateRound(state, event.round, (view) =>
        updateCall(view, event.callId, '', (call) => ({
          ...call,
          logs: [...(call.logs ?? []), { at: event.at, level: event.level, message: event.message }],
        })),
      );
    case 'policy-act':
      return updateRound(state, event.round, (view) => ({
        ...view,
        policyActs: [
          ...(view.policyActs ?? []),
          {
            policy: event.policy,
            detail: event.detail,
            ...(event.callId === undefined ? {} : { callId: event.callId }),
          },
        ],
      }));
    case 'tools-update':
      return { ...state, toolNames: event.tools.map((tool) => tool.name) };
  }
}
