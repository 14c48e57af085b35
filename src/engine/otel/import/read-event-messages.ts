// Pure: messages written as events — log records tied to the span (the official `openai` instrumentation) or
// span events — named `gen_ai.system.message`, `gen_ai.user.message`, `gen_ai.assistant.message`,
// `gen_ai.tool.message` and `gen_ai.choice`, with the content in the body (or the event's attributes).
import { isRecord } from '../../../shared/is-record';
import type { AttributeValue } from './read-span';
import { parseMaybeJson, scalarText, textOf, type GenAiMessage, type GenAiPart } from './genai-message-parts';

/** One such event: its name and its body (a log's body, or a span event's attributes). */
export interface MessageEvent {
  name: string;
  body: AttributeValue;
}

const EVENT_ROLES: Record<string, GenAiMessage['role']> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

function toolCallsOf(value: unknown): GenAiPart[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((call): GenAiPart[] => {
    if (!isRecord(call)) return [];
    const fn = isRecord(call['function']) ? call['function'] : {};
    return [
      {
        type: 'tool_call',
        id: scalarText(call['id']),
        name: scalarText(fn['name'] ?? call['name']),
        arguments: parseMaybeJson(fn['arguments'] ?? call['arguments']),
      },
    ];
  });
}

function messageOf(role: GenAiMessage['role'], body: Record<string, unknown>): GenAiMessage {
  if (role === 'tool')
    return {
      role,
      parts: [{ type: 'tool_call_response', id: scalarText(body['id']), response: body['content'] ?? '' }],
    };
  const text = body['content'] === undefined ? '' : textOf(body['content']);
  return {
    role,
    parts: [...(text !== '' ? [{ type: 'text' as const, text }] : []), ...toolCallsOf(body['tool_calls'])],
  };
}

/** Whether any of the events is one of these message events. */
export function hasMessageEvents(events: readonly MessageEvent[]): boolean {
  return events.some((event) => event.name in EVENT_ROLES || event.name === 'gen_ai.choice');
}

/** The input messages and the (first) choice the events carry, in their order. */
export function readEventMessages(events: readonly MessageEvent[]): { input: GenAiMessage[]; output?: GenAiMessage } {
  const input: GenAiMessage[] = [];
  let output: GenAiMessage | undefined;
  for (const event of events) {
    const raw = parseMaybeJson(
      isRecord(event.body) && 'gen_ai.event.content' in event.body ? event.body['gen_ai.event.content'] : event.body,
    );
    const body = isRecord(raw) ? raw : { content: raw };
    const role = EVENT_ROLES[event.name];
    if (role) input.push(messageOf(role, body));
    else if (event.name === 'gen_ai.choice' && output === undefined && (body['index'] ?? 0) === 0) {
      const message = isRecord(body['message']) ? body['message'] : body;
      output = {
        ...messageOf('assistant', message),
        ...(typeof body['finish_reason'] === 'string' ? { finishReason: body['finish_reason'] } : {}),
      };
    }
  }
  return { input, ...(output ? { output } : {}) };
}
