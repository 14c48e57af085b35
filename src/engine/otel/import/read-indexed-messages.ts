// Pure: the two older shapes real instrumentations still write, indexed flat attributes —
// OpenLLMetry's `gen_ai.prompt.N.*` / `gen_ai.completion.N.*` and OpenInference's `llm.input_messages.N.message.*`
// / `llm.output_messages.N.message.*` — read into the neutral messages.
import type { AttributeValue } from './read-span';
import { parseMaybeJson, roleOf, type GenAiMessage, type GenAiPart } from './genai-message-parts';

/** Most indexed messages read from one span (a hostile `gen_ai.prompt.99999999.role` cannot allocate). */
const MAX_INDEXED = 2_000;

/** The attributes under `prefix.N.` grouped by N, in index order: `{ rest of key → value }` each. */
function groupIndexed(attributes: Record<string, AttributeValue>, prefix: string): Record<string, AttributeValue>[] {
  const groups = new Map<number, Record<string, AttributeValue>>();
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(prefix)) continue;
    const match = /^(\d{1,6})\.(.+)$/.exec(key.slice(prefix.length));
    if (!match) continue;
    const index = Number(match[1]);
    if (!groups.has(index) && groups.size >= MAX_INDEXED) continue;
    const group = groups.get(index) ?? {};
    group[match[2]!] = value;
    groups.set(index, group);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
}

function str(value: AttributeValue | undefined): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function toMessage(
  role: GenAiMessage['role'] | undefined,
  text: string | undefined,
  calls: GenAiPart[],
  toolCallId: string | undefined,
  finishReason: string | undefined,
): GenAiMessage | undefined {
  if (!role) return undefined;
  // A tool's answer: a `tool` message, or (OpenInference on Anthropic) a user message naming the call it answers.
  const parts: GenAiPart[] =
    role === 'tool' || (role === 'user' && toolCallId !== undefined)
      ? [{ type: 'tool_call_response', id: toolCallId ?? '', response: text ?? '' }]
      : [...(text !== undefined && text !== '' ? [{ type: 'text' as const, text }] : []), ...calls];
  return {
    role: role === 'user' && toolCallId !== undefined ? 'tool' : role,
    parts,
    ...(finishReason !== undefined ? { finishReason } : {}),
  };
}

/** OpenLLMetry: `<prefix>N.role`, `.content`, `.tool_call_id`, `.finish_reason`, `.tool_calls.M.{id,name,arguments}`. */
export function readOpenLlmetryMessages(
  attributes: Record<string, AttributeValue>,
  prefix: 'gen_ai.prompt.' | 'gen_ai.completion.',
): GenAiMessage[] {
  return groupIndexed(attributes, prefix).flatMap((group) => {
    const calls = groupIndexed(group, 'tool_calls.').map((call): GenAiPart => ({
      type: 'tool_call',
      id: str(call['id']) ?? '',
      name: str(call['name']) ?? '',
      arguments: parseMaybeJson(call['arguments']),
    }));
    const role = roleOf(group['role']) ?? (prefix === 'gen_ai.completion.' ? 'assistant' : undefined);
    return toMessage(role, str(group['content']), calls, str(group['tool_call_id']), str(group['finish_reason'])) ?? [];
  });
}

/** OpenInference: `<prefix>N.message.role`, `.content` or `.contents.K.message_content.text`, `.tool_calls.M.tool_call.*`. */
export function readOpenInferenceMessages(
  attributes: Record<string, AttributeValue>,
  prefix: 'llm.input_messages.' | 'llm.output_messages.',
): GenAiMessage[] {
  return groupIndexed(attributes, prefix).flatMap((group) => {
    const contents = groupIndexed(group, 'message.contents.')
      .map((content) => str(content['message_content.text']) ?? '')
      .join('');
    const calls = groupIndexed(group, 'message.tool_calls.').map((call): GenAiPart => ({
      type: 'tool_call',
      id: str(call['tool_call.id']) ?? '',
      name: str(call['tool_call.function.name']) ?? '',
      arguments: parseMaybeJson(call['tool_call.function.arguments']),
    }));
    const text = str(group['message.content']) ?? (contents !== '' ? contents : undefined);
    return toMessage(roleOf(group['message.role']), text, calls, str(group['message.tool_call_id']), undefined) ?? [];
  });
}
