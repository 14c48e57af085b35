// Pure: where a run cut short while it was working (not held at a pause) re-enters the loop. No I/O, no clock.
import type { FinishReason, RunEvent } from '../event/run-event';
import type { StopReason } from '../model/model';
import { createEmptyUsage } from './sum-usage';

/** Result text of a call started early (while the reply streamed) that a reload cut short; it is never sent. */
export const RELOAD_CANCELLED_TEXT =
  'Cancelled: the page was reloaded while this call was running (it started while the reply streamed). Its result is not sent to the model.';
/** Result text of a call that had not finished when the page went away and is not read-only, so it is not run again. */
export const RELOAD_NOT_RERUN_TEXT =
  'Not executed: the page was reloaded before this call finished. The tool is not read-only, so it was not run again; it may or may not have taken effect before the reload.';
/** The round card's note when a reply cut by a reload is asked for again. */
export const RELOAD_ASK_AGAIN_NOTE =
  'The page was reloaded while the model was answering: the reply is asked for again.';

/**
 * How an interrupted run goes on: `settle` answers the round's reply (its calls that had answered stand),
 * `request` asks for round `round`'s reply afresh, `finish` ends the run the way it had decided to end.
 */
export type InterruptedEntry = 'settle' | 'request' | { finish: FinishReason };

export interface InterruptedPlan {
  /** The round the loop re-enters (`request`: it starts afresh; `settle`: its reply is settled). */
  round: number;
  entry: InterruptedEntry;
  /** Events that close what the cut left open, emitted first: eager calls, a half-streamed reply, a round-end. */
  closing: RunEvent[];
}

/** The events of a reply still streaming (no phase boundary among them). */
export const REPLY_EVENTS: ReadonlySet<RunEvent['type']> = new Set<RunEvent['type']>([
  'response-start',
  'text-delta',
  'thinking-delta',
  'tool-input-start',
  'tool-input-delta',
  'tool-call-start',
]);

/**
 * Reads where a run with no `run-end` and no open pause re-enters (ENGINE-SPEC §1: every phase boundary is
 * a place to resume). Cut while the model answered: the half-streamed reply is closed as interrupted
 * (nothing of it enters the history), calls it started early are cancelled, and the round is asked again.
 * Cut while tools ran: the round's reply is settled again. Cut between rounds: the next round starts, or
 * the run ends when its last reply, a limit or a direct-output tool had ended it. `at` stamps the closing events.
 */
export function planInterruptedResume(events: readonly RunEvent[], at: number): InterruptedPlan {
  const last = Math.max(0, ...events.flatMap((event) => (event.type === 'round-start' ? [event.round] : [])));
  const inRound = events.filter((event) => 'round' in event && event.round === last);
  const has = (type: RunEvent['type']): boolean => inRound.some((event) => event.type === type);
  const closing: RunEvent[] = [];
  const limit = events.find((event) => event.type === 'limit-reached');
  const ending = (): InterruptedEntry | undefined => {
    if (limit?.type === 'limit-reached') return { finish: `limit:${limit.limit}` };
    if (events.some((event) => event.type === 'policy-act' && event.policy === 'direct-output'))
      return { finish: 'direct-output' };
    return undefined;
  };

  if (last > 0 && !has('round-end') && !has('response-end')) {
    // The final-answer round after a limit is not asked again: the run ends at its limit.
    const decided = ending();
    closing.push(...closeCutReply(inRound, last, at, decided === undefined));
    if (decided === undefined) return { round: last, entry: 'request', closing };
    closing.push({ type: 'round-end', at, round: last });
    return { round: last, entry: decided, closing };
  }
  if (last > 0 && !has('round-end') && !has('tool-results-commit')) return { round: last, entry: 'settle', closing };
  if (last > 0 && !has('round-end')) closing.push({ type: 'round-end', at, round: last });
  const decided = ending() ?? naturalEnd(inRound);
  return decided === undefined
    ? { round: last + 1, entry: 'request', closing }
    : { round: last, entry: decided, closing };
}

/** The events that close a reply cut mid-stream: its early calls cancelled, the reply interrupted and empty, a note. */
function closeCutReply(inRound: readonly RunEvent[], round: number, at: number, askAgain: boolean): RunEvent[] {
  const ended = new Set(inRound.flatMap((event) => (event.type === 'tool-call-end' ? [event.callId] : [])));
  const closing: RunEvent[] = [];
  for (const event of inRound) {
    if (event.type !== 'tool-call-start' || ended.has(event.callId)) continue;
    ended.add(event.callId);
    closing.push({
      type: 'tool-call-end',
      at,
      round,
      callId: event.callId,
      name: event.name,
      status: 'cancelled',
      isError: true,
      content: [{ type: 'text', text: RELOAD_CANCELLED_TEXT }],
      timing: { queuedAt: event.queuedAt, startedAt: event.at, endedAt: at },
    });
  }
  // What had streamed is shown as an interrupted reply; nothing of it enters the history.
  if (inRound.some((event) => REPLY_EVENTS.has(event.type))) {
    const start = inRound.find((event) => event.type === 'response-start' || event.type === 'round-start');
    closing.push({
      type: 'response-end',
      at,
      round,
      message: { role: 'assistant', content: [] },
      stopReason: null,
      usage: createEmptyUsage(),
      timing: { startedAt: start !== undefined && 'at' in start ? start.at : at, endedAt: at },
      interrupted: true,
    });
  }
  if (askAgain) closing.push({ type: 'notice', at, round, message: RELOAD_ASK_AGAIN_NOTE });
  return closing;
}

/** The finish reason when the round's reply asked for no tool (the run had ended but for its run-end). */
function naturalEnd(inRound: readonly RunEvent[]): InterruptedEntry | undefined {
  const reply = inRound.find((event) => event.type === 'response-end');
  if (reply?.type !== 'response-end') return undefined;
  if (reply.message.content.some((block) => block.type === 'tool_use')) return undefined;
  const stop: StopReason | null = reply.stopReason;
  if (stop === 'pause_turn') return undefined;
  if (stop === 'stop_sequence' || stop === 'refusal' || stop === 'max_tokens') return { finish: stop };
  return { finish: 'end_turn' };
}
