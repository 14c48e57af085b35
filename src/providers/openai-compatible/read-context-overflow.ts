// Recognises "the request does not fit the model's context" in the error bodies local servers and OpenAI send,
// and reads its figures. Pure: no I/O.
import { isRecord } from '../../shared/is-record';

/** How big the refused request was and how much the model's context holds, as far as the server said. */
export interface ContextOverflow {
  /** The server's own error type when it has a specific one (llama.cpp's `exceed_context_size_error`). */
  errorType: string;
  requestTokens?: number;
  contextTokens?: number;
}

/** Error types that name a context overflow: llama.cpp's, and OpenAI's code (vLLM copies OpenAI's text). */
const overflowTypes = new Set(['exceed_context_size_error', 'context_length_exceeded']);

/** Wordings of the overflow, for servers that only say it in the message (vLLM, LM Studio, OpenAI). */
const overflowText =
  /maximum context length|context (?:size|length|window)|maximum model length|context the overflows|too many tokens/i;

const contextPatterns = [
  /maximum context length is (\d+)/i,
  /available context size \((\d+) tokens?\)/i,
  /context length of (?:only )?(\d+)/i,
  /maximum model length (?:of )?(\d+)/i,
];
const requestPatterns = [
  /request \((\d+) tokens?\)/i,
  /(?:you requested|resulted in|request has) (\d+)/i,
  /keep the first (\d+) tokens/i,
  /prompt \(length (\d+)\)/i,
];

function firstNumber(text: string, patterns: RegExp[]): number | undefined {
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found !== undefined) return Number(found);
  }
  return undefined;
}

/** A count a hostile or broken server could send as anything: only whole, non-negative, finite numbers count. */
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

/**
 * The overflow an error answer describes, or undefined when it is some other error. Figures come from the
 * body's fields first (llama.cpp: `n_prompt_tokens`, `n_ctx`), else from the message's words.
 */
export function readContextOverflow(status: number, bodyText: string): ContextOverflow | undefined {
  if (status !== 400 && status !== 413) return undefined;
  let error: Record<string, unknown> = {};
  try {
    const body = record(JSON.parse(bodyText));
    error = record(body?.['error']) ?? body ?? {};
  } catch {
    // Not JSON: the words alone decide.
  }
  const message = typeof error['message'] === 'string' ? error['message'] : bodyText;
  const named = [error['type'], error['code']].find(
    (value): value is string => typeof value === 'string' && overflowTypes.has(value),
  );
  if (named === undefined && !overflowText.test(message)) return undefined;
  const requestTokens = count(error['n_prompt_tokens']) ?? firstNumber(message, requestPatterns);
  const contextTokens = count(error['n_ctx']) ?? firstNumber(message, contextPatterns);
  return {
    errorType: named ?? 'context_length_exceeded',
    ...(requestTokens === undefined ? {} : { requestTokens }),
    ...(contextTokens === undefined ? {} : { contextTokens }),
  };
}

const tokens = (value: number): string => `${value.toLocaleString('en-US')} tokens`;

/** The overflow in plain words, with its figures when the server gave them. */
export function describeContextOverflow(overflow: ContextOverflow): string {
  const { requestTokens, contextTokens } = overflow;
  if (requestTokens !== undefined && contextTokens !== undefined) {
    // vLLM counts the reply's max tokens in: a prompt that fits can still leave no room for the reply.
    const over =
      requestTokens > contextTokens
        ? `, ${tokens(requestTokens - contextTokens)} too many`
        : ', too little room left for the reply (lower Max tokens)';
    return `The request does not fit the model's context: it is ${tokens(requestTokens)} and the context holds ${tokens(contextTokens)}${over}.`;
  }
  if (requestTokens !== undefined)
    return `The request does not fit the model's context: it is ${tokens(requestTokens)}.`;
  if (contextTokens !== undefined) {
    return `The request does not fit the model's context, which holds ${tokens(contextTokens)}.`;
  }
  return "The request does not fit the model's context.";
}
