// Pure: the bounds on what a server may ask of the person (elicitation forms, sampling), and the check of one
// request against them. A server controls these requests wholly, so each is bounded before the person sees it.
import type { ElicitationParams, SamplingParams } from './mcp-client-handlers';

/** Requests of one server waiting for the person at once (forms and sampling approvals together). */
export const MAX_WAITING_REQUESTS_PER_SERVER = 3;
/** Characters of a sampling request's system prompt and messages (images counted by their base64). */
export const MAX_SAMPLING_PROMPT_CHARS = 200_000;
/** Messages of one sampling request. */
export const MAX_SAMPLING_MESSAGES = 100;
/** The longest reply a sampling request gets, in tokens: a larger `maxTokens` is lowered to it (and shown). */
export const MAX_SAMPLING_TOKENS = 16_384;
/** Characters of an elicitation form's message. */
export const MAX_ELICITATION_MESSAGE_CHARS = 10_000;
/** Fields of one elicitation form. */
export const MAX_ELICITATION_FIELDS = 50;

const count = (value: number) => value.toLocaleString('en');

/** The characters of one sampling content part (text, or an image's or audio's base64). */
function partChars(part: unknown): number {
  const content = part as { text?: unknown; data?: unknown };
  const text = typeof content.text === 'string' ? content.text.length : 0;
  const data = typeof content.data === 'string' ? content.data.length : 0;
  return text + data;
}

/** Why Loupe refuses this sampling request without asking the person, or undefined when it may be shown. */
export function checkSamplingRequest(params: SamplingParams): string | undefined {
  if (params.messages.length > MAX_SAMPLING_MESSAGES)
    return `Loupe refused a sampling request of ${count(params.messages.length)} messages (at most ${count(MAX_SAMPLING_MESSAGES)}).`;
  let chars = params.systemPrompt?.length ?? 0;
  for (const message of params.messages) {
    const parts: unknown[] = Array.isArray(message.content) ? message.content : [message.content];
    for (const part of parts) chars += partChars(part);
  }
  if (chars > MAX_SAMPLING_PROMPT_CHARS)
    return `Loupe refused a sampling request of ${count(chars)} characters (at most ${count(MAX_SAMPLING_PROMPT_CHARS)}): it was not shown and never reached the model.`;
  return undefined;
}

/** Why Loupe refuses this elicitation form without showing it, or undefined when it may be shown. */
export function checkElicitationRequest(params: ElicitationParams): string | undefined {
  if (params.message.length > MAX_ELICITATION_MESSAGE_CHARS)
    return `Loupe refused a form whose message has ${count(params.message.length)} characters (at most ${count(MAX_ELICITATION_MESSAGE_CHARS)}).`;
  const fields = Object.keys(params.requestedSchema.properties).length;
  if (fields > MAX_ELICITATION_FIELDS)
    return `Loupe refused a form of ${count(fields)} fields (at most ${count(MAX_ELICITATION_FIELDS)}).`;
  return undefined;
}

/** The refusal when a server already has `waiting` requests in front of the person. */
export function describeTooManyWaiting(waiting: number): string | undefined {
  return waiting >= MAX_WAITING_REQUESTS_PER_SERVER
    ? `Loupe refused a request: ${count(waiting)} of this server's requests already wait for the person (at most ${count(MAX_WAITING_REQUESTS_PER_SERVER)}).`
    : undefined;
}
