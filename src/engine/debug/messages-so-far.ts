// Pure: the conversation the next model request carries, as far as it is known — what "Messages so far" shows. No I/O.
import { applyCompaction, findActiveCompaction } from '../compaction/fold-sent-history';
import type { RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import { repairHistory } from '../message/repair-history';
import { foldHistory } from '../transcript/fold-history';

/** The sent history of a run at one moment, with what is still to come. */
export interface MessagesSoFar {
  /** The messages the next request carries so far: the full history with the compaction in force applied. */
  messages: Message[];
  /**
   * Tool calls of the last assistant message still waiting for their results (a run paused in a round):
   * their results join the next request. 0 when nothing is pending.
   */
  pendingCalls: number;
  /** True when a compaction is in force: `messages` is shorter than the full history the transcript keeps. */
  compacted: boolean;
  /** How many messages the full history holds. */
  fullCount: number;
}

/** Ids of the tool calls in `messages`' last assistant message that no later message answers. */
function unansweredCalls(messages: readonly Message[], from: number): string[] {
  const answered = new Set(
    messages
      .slice(from + 1)
      .flatMap((message) => message.content)
      .flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])),
  );
  return (messages[from]?.content ?? []).flatMap((block) =>
    block.type === 'tool_use' && !answered.has(block.id) ? [block.id] : [],
  );
}

/**
 * The history the next request carries after `events`, as the loop builds it (`run/sent-history.ts`): the
 * full history with the compaction in force, repaired. While the run is live (no `run-end` after its
 * last `run-start`), the last assistant message's calls still running or paused are shown as they are,
 * not given the "cancelled" results a repair would add — their real results are on their way.
 */
export function messagesSoFar(events: readonly RunEvent[]): MessagesSoFar {
  const full = foldHistory(events);
  const active = findActiveCompaction(events);
  const sent = applyCompaction(full, active);
  const lastStart = events.findLastIndex((event) => event.type === 'run-start');
  const live = lastStart !== -1 && !events.slice(lastStart).some((event) => event.type === 'run-end');
  const lastAssistant = sent.findLastIndex((message) => message.role === 'assistant');
  const pending = live && lastAssistant !== -1 ? unansweredCalls(sent, lastAssistant) : [];
  const messages =
    pending.length === 0
      ? repairHistory(sent).messages
      : [...repairHistory(sent.slice(0, lastAssistant)).messages, ...sent.slice(lastAssistant)];
  return { messages, pendingCalls: pending.length, compacted: active !== undefined, fullCount: full.length };
}
