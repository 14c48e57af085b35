// Pure: where a replayed round departs from its recording — what was sent, and what the model answered.
import type { ContentBlock, Message } from '../../engine/message/message';
import type { ModelRequest, StopReason } from '../../engine/model/model';
import type { TranscriptRound } from '../../engine/transcript/transcript';

const clip = (text: string, max = 120): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** JSON with sorted keys, so key order never reads as a divergence. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

function describeMessage(message: Message | undefined): string {
  if (message === undefined) return 'nothing';
  const parts = message.content.map((block) => {
    switch (block.type) {
      case 'text':
        return `"${clip(block.text)}"`;
      case 'tool_result': {
        const text = block.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ');
        return `result of ${block.tool_use_id}${block.is_error === true ? ' (error)' : ''}: "${clip(text)}"`;
      }
      case 'tool_use':
        return `call ${block.name} ${clip(canonical(block.input))}`;
      default:
        return `[${block.type}]`;
    }
  });
  return `${message.role} ${parts.join(', ')}`;
}

/**
 * The ways request `request` (the replay's call number `round.round`) departs from the recorded one: other
 * tools, another number of messages, or the first message that differs (`recordedHistory` is the recorded
 * run's conversation; its first `messageCount` messages are what the recorded round sent). Empty: it matches.
 */
export function describeRequestDivergence(
  round: TranscriptRound,
  request: Pick<ModelRequest, 'tools' | 'messages'>,
  recordedHistory?: readonly Message[],
): string[] {
  const found: string[] = [];
  const recorded = round.request;
  const tools = request.tools.map((tool) => tool.name);
  if (recorded.toolNames.join(',') !== tools.join(','))
    found.push(
      `Round ${round.round}: the tools sent (${tools.join(', ') || 'none'}) differ from the recorded ones (${recorded.toolNames.join(', ') || 'none'}).`,
    );
  if (recordedHistory !== undefined) {
    const sent = recordedHistory.slice(0, recorded.messageCount);
    const index = sent.findIndex((message, at) => canonical(message) !== canonical(request.messages[at]));
    if (index !== -1)
      found.push(
        `Round ${round.round}: message ${index + 1} differs from the recording — now ${describeMessage(request.messages[index])}; recorded ${describeMessage(sent[index])}.`,
      );
    else if (request.messages.length !== recorded.messageCount)
      found.push(
        `Round ${round.round}: ${request.messages.length} messages were sent where the recording sent ${recorded.messageCount}.`,
      );
  } else if (recorded.messageCount !== request.messages.length) {
    found.push(
      `Round ${round.round}: ${request.messages.length} messages were sent where the recording sent ${recorded.messageCount}.`,
    );
  }
  return found;
}

/** How a live reply departs from the recorded one (text, calls, stop reason), or undefined when it matches. */
export function describeReplyDivergence(
  round: TranscriptRound,
  content: readonly ContentBlock[],
  stopReason: StopReason | null,
): string | undefined {
  const recorded = round.response;
  if (recorded === null) return `Round ${round.round}: the model answered where the recorded call had failed.`;
  const calls = (blocks: readonly ContentBlock[]) =>
    blocks.flatMap((block) => (block.type === 'tool_use' ? [`${block.name} ${canonical(block.input)}`] : []));
  const text = (blocks: readonly ContentBlock[]) =>
    blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  const liveCalls = calls(content);
  const recordedCalls = calls(recorded.content);
  if (liveCalls.join('\n') !== recordedCalls.join('\n'))
    return `Round ${round.round}: the model called ${clip(liveCalls.join('; ') || 'no tool')} where the recording called ${clip(recordedCalls.join('; ') || 'no tool')}.`;
  if (text(content) !== text(recorded.content))
    return `Round ${round.round}: the reply's text differs from the recording — now "${clip(text(content))}"; recorded "${clip(text(recorded.content))}".`;
  if (stopReason !== recorded.stopReason)
    return `Round ${round.round}: the reply stopped with ${stopReason ?? 'no reason'} where the recording stopped with ${recorded.stopReason ?? 'no reason'}.`;
  return undefined;
}
