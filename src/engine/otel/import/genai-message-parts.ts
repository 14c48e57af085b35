// Pure: the GenAI conventions' neutral message shape (role + parts) that every source of content is read into,
// whichever instrumentation wrote it, before it becomes Anthropic-shaped history.

/** One part of a message (the conventions' `text`, `reasoning`, `tool_call`, `tool_call_response`). */
export type GenAiPart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: unknown };

/** One message; `tool` messages carry `tool_call_response` parts. */
export interface GenAiMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  parts: GenAiPart[];
  finishReason?: string;
}

/** What one inference span says was sent and answered; undefined parts were not captured. */
export interface SpanContent {
  system?: string;
  input?: GenAiMessage[];
  output?: GenAiMessage;
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** A role as the conventions name it (`developer` is OpenAI's system; `model` Gemini's assistant). */
export function roleOf(value: unknown): GenAiMessage['role'] | undefined {
  if (value === 'developer') return 'system';
  if (value === 'model' || value === 'ai') return 'assistant';
  if (value === 'human') return 'user';
  return typeof value === 'string' && ROLES.has(value) ? (value as GenAiMessage['role']) : undefined;
}

/** A JSON text read if it is JSON, else kept as the text (arguments and results are often plain strings). */
export function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

/** Text of any content value: a string, or a list of parts with `text` / `content`. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value
      .map((item) =>
        typeof item === 'string'
          ? item
          : typeof item === 'object' && item !== null
            ? textOf((item as Record<string, unknown>)['text'] ?? (item as Record<string, unknown>)['content'])
            : '',
      )
      .join('');
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** An id or name field as text: strings and numbers only (anything else is no id). */
export function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
