// Pure: messages in the current GenAI conventions' shape (`gen_ai.input.messages`, `gen_ai.output.messages`,
// `gen_ai.system_instructions`: role + parts), as a JSON string or as structured attribute values.
import { isRecord } from '../../../shared/is-record';
import { parseMaybeJson, roleOf, scalarText, textOf, type GenAiMessage, type GenAiPart } from './genai-message-parts';

function readPart(part: unknown): GenAiPart | undefined {
  if (!isRecord(part)) return typeof part === 'string' ? { type: 'text', text: part } : undefined;
  switch (part['type']) {
    case 'text':
      return { type: 'text', text: textOf(part['content'] ?? part['text']) };
    case 'reasoning':
    case 'thinking':
      return { type: 'reasoning', text: textOf(part['content'] ?? part['text']) };
    case 'tool_call':
      return {
        type: 'tool_call',
        id: scalarText(part['id']),
        name: scalarText(part['name']),
        arguments: parseMaybeJson(part['arguments']),
      };
    case 'tool_call_response':
      return { type: 'tool_call_response', id: scalarText(part['id']), response: part['response'] ?? part['result'] };
    default:
      // Media and provider-specific parts: kept as a line of text saying what was there, never dropped silently.
      return typeof part['type'] === 'string' ? { type: 'text', text: `[${part['type']} part]` } : undefined;
  }
}

/** The messages of one such attribute; undefined when it holds none in that shape. */
export function readConventionMessages(value: unknown): GenAiMessage[] | undefined {
  const parsed = parseMaybeJson(value);
  if (!Array.isArray(parsed)) return undefined;
  const messages: GenAiMessage[] = [];
  for (const item of parsed) {
    if (!isRecord(item)) return undefined;
    const role = roleOf(item['role']);
    if (!role) continue;
    const rawParts = Array.isArray(item['parts'])
      ? item['parts']
      : item['content'] !== undefined
        ? [textOf(item['content'])]
        : [];
    const parts = rawParts.flatMap((part) => readPart(part) ?? []);
    messages.push({
      role,
      parts,
      ...(typeof item['finish_reason'] === 'string' && item['finish_reason'] !== ''
        ? { finishReason: item['finish_reason'] }
        : {}),
    });
  }
  return messages;
}

/** `gen_ai.system_instructions` (a list of parts) as one text. */
export function readSystemInstructions(value: unknown): string | undefined {
  const parsed = parseMaybeJson(value);
  if (typeof parsed === 'string') return parsed;
  if (!Array.isArray(parsed)) return undefined;
  return parsed.map((part) => (isRecord(part) ? textOf(part['content'] ?? part['text']) : textOf(part))).join('\n');
}
