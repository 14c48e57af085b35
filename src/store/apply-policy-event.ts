// Pure: folds the loop-policy events (queued calls, progress, policy acts, catalogue updates) into the run view.
import type { RunEvent } from '../engine/event/run-event';
import type { RoundView, RunView, ToolCallView } from './run-view';

/** The events this fold handles. */
export type PolicyEvent = Extract<
  RunEvent,
  { type: 'tool-call-queued' | 'tool-call-progress' | 'policy-act' | 'tools-update' }
>;

function updateRound(state: RunView, round: number, update: (view: RoundView) => RoundView): RunView {
  const index = state.rounds.findIndex((view) => view.round === round);
  const existing = state.rounds[index];
  if (existing === undefined) {
    const created = update({ round, blocks: [], interrupted: false, toolCalls: [] });
    return { ...state, rounds: [...state.rounds, created].sort((a, b) => a.round - b.round) };
  }
  const rounds = state.rounds.slice();
  rounds[index] = update(existing);
  return { ...state, rounds };
}

function updateCall(
  view: RoundView,
  callId: string,
  name: string,
  update: (call: ToolCallView) => ToolCallView,
): RoundView {
  const index = view.toolCalls.findIndex((call) => call.callId === callId);
  const base: ToolCallView = view.toolCalls[index] ?? {
    callId,
    name,
    status: 'pending',
    partialJson: '',
    isError: false,
    content: [],
  };
  const toolCalls = view.toolCalls.slice();
  if (index === -1) toolCalls.push(update(base));
  else toolCalls[index] = update(base);
  return { ...view, toolCalls };
}

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
          },
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
