// Pure: folds the calls MCP Apps make (`app-call-start`, `-progress`, `-log`, `-end`) into their round's view. No I/O.
import type { AppCallEvent } from '../engine/event/app-call-event';
import type { AppCallView, RoundView, RunView } from './run-view';
import { updateRound } from './update-run-view';

/** Replaces app call `callId` of `view` with `update(call)`; unchanged when there is no such call. */
export function updateAppCall(view: RoundView, callId: string, update: (call: AppCallView) => AppCallView): RoundView {
  const calls = view.appCalls ?? [];
  const index = calls.findIndex((call) => call.callId === callId);
  const current = calls[index];
  if (current === undefined) return view;
  const appCalls = calls.slice();
  appCalls[index] = update(current);
  return { ...view, appCalls };
}

/** Folds one app call event into `state`. */
export function applyAppCallEvent(state: RunView, event: AppCallEvent): RunView {
  if (event.type === 'app-call-start') {
    const call: AppCallView = {
      callId: event.callId,
      appOf: event.appOf,
      name: event.name,
      toolName: event.toolName,
      input: event.input,
      status: 'running',
      isError: false,
      content: [],
      startedAt: event.at,
    };
    return updateRound(state, event.round, (view) => ({ ...view, appCalls: [...(view.appCalls ?? []), call] }));
  }
  if (event.type === 'app-call-progress') {
    const { progress, total, message, task } = event;
    return updateRound(state, event.round, (view) =>
      updateAppCall(view, event.callId, (call) => ({
        ...call,
        progress: {
          progress,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message }),
          ...(task === undefined ? {} : { task }),
        },
        progressCount: (call.progressCount ?? 0) + 1,
      })),
    );
  }
  if (event.type === 'app-call-log')
    return updateRound(state, event.round, (view) =>
      updateAppCall(view, event.callId, (call) => ({
        ...call,
        logs: [...(call.logs ?? []), { at: event.at, level: event.level, message: event.message }],
      })),
    );
  return updateRound(state, event.round, (view) =>
    updateAppCall(view, event.callId, (call) => {
      const next: AppCallView = {
        ...call,
        status: event.status,
        isError: event.isError,
        content: event.content,
        endedAt: event.timing.endedAt,
      };
      if (event.structuredContent === undefined) delete next.structuredContent;
      else next.structuredContent = event.structuredContent;
      return next;
    }),
  );
}
