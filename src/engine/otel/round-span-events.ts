// What happened around a round that is not a call of its own: compactions, policy acts (retries, truncation …),
// notices, the debugger's pauses and edits at a pause, as span events on the round's `chat` span; limits on the run's span.
import type { TranscriptLimit, TranscriptPause, TranscriptRound } from '../transcript/transcript';
import { toAttributes, toUnixNano, type OtlpSpanEvent } from './otlp-json';

/** The span events of one round, in time order. Edits carry what changed; their values only with content. */
export function roundSpanEvents(round: TranscriptRound, content: boolean, at: number): OtlpSpanEvent[] {
  const events: OtlpSpanEvent[] = [];
  for (const act of round.policyActs ?? []) {
    events.push({
      name: `loupe.policy.${act.policy}`,
      timeUnixNano: toUnixNano(act.at),
      attributes: toAttributes({ 'loupe.policy.detail': act.detail, 'gen_ai.tool.call.id': act.callId }),
    });
  }
  for (const compaction of round.compactions ?? []) {
    events.push({
      name: 'loupe.compaction',
      timeUnixNano: toUnixNano(compaction.at),
      attributes: toAttributes({
        'loupe.compaction.mode': compaction.made.mode,
        'loupe.compaction.trigger': compaction.made.trigger,
        'loupe.compaction.kept_from': compaction.made.keptFrom,
        'loupe.compaction.prefix_messages': compaction.made.prefix.length,
      }),
    });
  }
  for (const notice of round.notices ?? []) {
    events.push({
      name: 'loupe.notice',
      timeUnixNano: toUnixNano(notice.at),
      attributes: toAttributes({ 'loupe.notice.message': notice.message }),
    });
  }
  for (const pause of round.pauses ?? []) events.push(pauseSpanEvent(pause));
  // Edits have no time of their own in a transcript: they were made at the pause before the request went out.
  for (const edit of round.edits ?? []) {
    events.push({
      name: 'loupe.pause.edit',
      timeUnixNano: toUnixNano(at),
      attributes: toAttributes({
        'loupe.edit.what': edit.what,
        'loupe.edit.before': content ? JSON.stringify(edit.before) : undefined,
        'loupe.edit.after': content ? JSON.stringify(edit.after) : undefined,
      }),
    });
  }
  return events.sort((a, b) => (BigInt(a.timeUnixNano) < BigInt(b.timeUnixNano) ? -1 : 1));
}

/**
 * A pause of the debugger: where it held (the point, its call), why (step, breakpoint, approval), how the person
 * went on and how long it held. The call's input stays out: it is content, and the call's span has it.
 */
function pauseSpanEvent(pause: TranscriptPause): OtlpSpanEvent {
  const breakpoints = pause.reasons.flatMap((reason) => (reason.kind === 'breakpoint' ? [reason.label] : []));
  return {
    name: 'loupe.pause',
    timeUnixNano: toUnixNano(pause.at),
    attributes: toAttributes({
      'loupe.pause.kind': pause.pause.kind,
      'loupe.pause.reasons': pause.reasons.map((reason) => reason.kind),
      'loupe.pause.breakpoints': breakpoints.length > 0 ? breakpoints : undefined,
      'loupe.pause.decision': pause.decision,
      'loupe.pause.remember': pause.remember,
      'loupe.pause.duration_ms': pause.endedAt === undefined ? undefined : Math.max(0, pause.endedAt - pause.at),
      'gen_ai.tool.call.id': pause.pause.callId,
      'gen_ai.tool.name': pause.pause.name,
    }),
  };
}

/** A limit the run reached, as an event of the run's span. */
export function limitSpanEvent(limit: TranscriptLimit): OtlpSpanEvent {
  return {
    name: 'loupe.limit',
    timeUnixNano: toUnixNano(limit.at),
    attributes: toAttributes({
      'loupe.limit.kind': limit.limit,
      'loupe.limit.value': limit.value,
      'loupe.limit.behaviour': limit.behaviour,
      'loupe.limit.detail': limit.detail,
    }),
  };
}
