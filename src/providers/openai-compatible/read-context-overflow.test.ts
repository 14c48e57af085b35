import { describe, expect, it } from 'vitest';
import { describeContextOverflow, readContextOverflow } from './read-context-overflow';
import { toOpenAIModelError } from './to-openai-model-error';

const llama = (error: Record<string, unknown>) =>
  JSON.stringify({ error: { code: 400, message: 'request exceeds the available context size', ...error } });

describe('readContextOverflow', () => {
  it('reads llama.cpp figures from the body fields', () => {
    const body = llama({ type: 'exceed_context_size_error', n_prompt_tokens: 6030, n_ctx: 4096 });
    expect(readContextOverflow(400, body)).toEqual({
      errorType: 'exceed_context_size_error',
      requestTokens: 6030,
      contextTokens: 4096,
    });
  });

  it.each([
    [
      'OpenAI',
      {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.",
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      },
      130_512,
      128_000,
    ],
    [
      'vLLM',
      {
        message:
          "This model's maximum context length is 4096 tokens. However, you requested 6030 tokens (5518 in the messages, 512 in the completion). Please reduce the length of the messages or completion.",
        type: 'BadRequestError',
        code: 400,
      },
      6030,
      4096,
    ],
    [
      'vLLM (newer)',
      {
        message:
          "'max_tokens' or 'max_completion_tokens' is too large: 512. This model's maximum context length is 4096 tokens and your request has 3700 input tokens (512 > 4096 - 3700).",
        type: 'BadRequestError',
      },
      3700,
      4096,
    ],
    [
      'LM Studio',
      {
        message:
          'Trying to keep the first 6030 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough.',
      },
      6030,
      4096,
    ],
  ])('reads the figures from the words of %s', (_server, error, request, context) => {
    expect(readContextOverflow(400, JSON.stringify({ error }))).toEqual({
      errorType: 'context_length_exceeded',
      requestTokens: request,
      contextTokens: context,
    });
  });

  it('ignores figures a broken server sends as anything but whole counts, and falls back to the words', () => {
    for (const bad of ['4096', -1, 1.5, null, { n: 1 }, 1e300]) {
      const body = llama({ type: 'exceed_context_size_error', n_prompt_tokens: bad, n_ctx: bad });
      expect(readContextOverflow(400, body)).toEqual({ errorType: 'exceed_context_size_error' });
    }
  });

  it('is not fooled by other errors, other statuses or bodies that are not JSON', () => {
    expect(readContextOverflow(400, llama({ message: 'tools[0] is invalid', type: 'invalid_request_error' }))).toBe(
      undefined,
    );
    expect(readContextOverflow(500, llama({ type: 'exceed_context_size_error' }))).toBe(undefined);
    expect(readContextOverflow(400, 'the request exceeds the context size')).toEqual({
      errorType: 'context_length_exceeded',
    });
    expect(readContextOverflow(400, 'null')).toBe(undefined);
    expect(readContextOverflow(400, '[1,2]')).toBe(undefined);
  });

  it('says the figures it has, and no more', () => {
    expect(describeContextOverflow({ errorType: 'x', requestTokens: 6030, contextTokens: 4096 })).toBe(
      "The request does not fit the model's context: it is 6,030 tokens and the context holds 4,096 tokens, 1,934 tokens too many.",
    );
    expect(describeContextOverflow({ errorType: 'x', requestTokens: 3700, contextTokens: 4096 })).toBe(
      "The request does not fit the model's context: it is 3,700 tokens and the context holds 4,096 tokens, too little room left for the reply (lower Max tokens).",
    );
    expect(describeContextOverflow({ errorType: 'x', contextTokens: 4096 })).toBe(
      "The request does not fit the model's context, which holds 4,096 tokens.",
    );
    expect(describeContextOverflow({ errorType: 'x' })).toBe("The request does not fit the model's context.");
  });

  it('gives the error a type the UI recognises, whatever the server called it', () => {
    const body = JSON.stringify({
      error: { message: "This model's maximum context length is 4096 tokens.", type: 'BadRequestError' },
    });
    const error = toOpenAIModelError(400, body, null, 'POST http://localhost:8000/v1/chat/completions');
    expect(error.errorType).toBe('context_length_exceeded');
    expect(error.message).toMatch(
      /^The request does not fit the model's context, which holds 4,096 tokens\. \(HTTP 400, BadRequestError: /,
    );
  });
});
