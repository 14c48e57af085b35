// Pure: folds the debugger's events (pauses, edits) into the run view. No I/O, no mutation of inputs.
import type { DebugEvent } from '../engine/debug/debug-event';
import type { ToolResultContentBlock } from '../engine/message/message';
import type { RoundView, RunView, ToolCallView } from './run-view';
import { updateAppCall } from './apply-app-call-event';

function updateRound(state: RunView, round: number, update: (view: RoundView) => RoundView): RunView {
  const index = state.rounds.findIndex((view) => view.round === round);
  const current = state.rounds[index];
  if (current === undefined) return state;
  const rounds = state.rounds.slice();
  rounds[index] = update(current);
  return { ...state, rounds };
}

function updateCall(view: RoundView, callId: string, update: (call: ToolCallView) => ToolCallView): RoundView {
  const index = view.toolCalls.findIndex((call) => call.callId === callId);
  const current = view.toolCalls[index];
  if (current === undefined) return view;
  const toolCalls = view.toolCalls.slice();
  toolCalls[index] = update(current);
  return { ...view, toolCalls };
}

/** Folds one debugger event: the pending pause, where each pause happened, and every edit. */
export function applyDebugEvent(state: RunView, event: DebugEvent): RunView {
  switch (event.type) {
    case 'pause-start': {
      const mark = { pauseId: event.pauseId, pause: event.pause, reasons: event.reasons };
      const next = updateRound(state, event.round, (view) => ({ ...view, pauses: [...(view.pauses ?? []), mark] }));
      return { ...next, pause: { ...mark, at: event.at } };
    }
    case 'pause-end': {
      const next = updateRound(state, event.round, (view) => ({
        ...view,
        pauses: (view.pauses ?? []).map((mark) =>
          mark.pauseId === event.pauseId
            ? {
                ...mark,
                decision: event.decision,
                ...(event.remember === undefined ? {} : { remember: event.remember }),
              }
            : mark,
        ),
      }));
      if (next.pause?.pauseId !== event.pauseId) return next;
      const { pause: ended, ...rest } = next;
      return { ...rest, pausedMs: (rest.pausedMs ?? 0) + Math.max(0, event.at - ended.at) };
    }
    case 'edit-apply': {
      const edit = { what: event.what, before: event.before, after: event.after };
      return updateRound(state, event.round, (view) => {
        if (event.callId === undefined) {
          const next: RoundView = { ...view, edits: [...(view.edits ?? []), edit] };
          if (event.request !== undefined) next.request = event.request;
          return next;
        }
        if (view.appCalls?.some((call) => call.callId === event.callId) === true)
          return updateAppCall(view, event.callId, (call) => {
            const next = { ...call, edits: [...(call.edits ?? []), edit] };
            if (event.what === 'input') next.input = event.after as Record<string, unknown>;
            return next;
          });
        return updateCall(view, event.callId, (call) => {
          const next: ToolCallView = { ...call, edits: [...(call.edits ?? []), edit] };
          if (event.what === 'input') next.input = event.after as Record<string, unknown>;
          if (event.what === 'result') {
            next.content = event.after as ToolResultContentBlock[];
            // The app reads the result as edited: the server's structured content no longer says the same.
            delete next.structuredContent;
          }
          if (event.status !== undefined) next.status = event.status;
          if (event.isError !== undefined) next.isError = event.isError;
          return next;
        });
      });
    }
  }
}
