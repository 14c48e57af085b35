import { describe, expect, it } from 'vitest';
import { ModelError, type Model, type ModelStreamPart } from '../engine/model/model';
import { limitReplySize, MAX_REPLY_CHARS } from './limit-reply-size';

const request = { messages: [], tools: [], maxTokens: 10 };

/** A model whose reply repeats `delta` forever, recording whether its stream was closed. */
function endlessModel(delta: (index: number) => ModelStreamPart) {
  const state = { closed: false, sent: 0 };
  const model: Model = {
    provider: 'test',
    modelId: 'endless',
    async *doStream() {
      try {
        yield await Promise.resolve({ type: 'response-start' as const });
        for (;;) {
          yield delta(state.sent);
          state.sent += 1;
        }
      } finally {
        state.closed = true;
      }
    },
    countTokens: () => Promise.resolve(42),
  };
  return { model, state };
}

async function drain(model: Model) {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of model.doStream(request, new AbortController().signal)) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts, error: undefined };
}

describe('limitReplySize', () => {
  it('passes a reply within the bound through unchanged, token counting included', async () => {
    const parts: ModelStreamPart[] = [
      { type: 'response-start' },
      { type: 'text-start', index: 0 },
      { type: 'text-delta', index: 0, text: 'x'.repeat(60) },
      { type: 'block-end', index: 0 },
      { type: 'tool-use-start', index: 1, id: 'toolu_1', name: 'get' },
      { type: 'tool-input-delta', index: 1, partialJson: '{"a":1}' },
      { type: 'block-end', index: 1 },
      { type: 'response-end', stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 2 } },
    ];
    const model: Model = {
      provider: 'p',
      modelId: 'm',
      async *doStream() {
        for (const part of parts) yield await Promise.resolve(part);
      },
      countTokens: () => Promise.resolve(7),
    };
    const limited = limitReplySize(model, 80);
    expect(await drain(limited)).toEqual({ parts, error: undefined });
    expect([limited.provider, limited.modelId]).toEqual(['p', 'm']);
    expect(await limited.countTokens?.(request, new AbortController().signal)).toBe(7);
  });

  it('ends a reply that grows past the bound with a ModelError, and closes the provider’s stream', async () => {
    for (const delta of [
      (): ModelStreamPart => ({ type: 'text-delta', index: 0, text: 'abcdefghij' }),
      (): ModelStreamPart => ({ type: 'thinking-delta', index: 0, thinking: 'abcdefghij' }),
      (): ModelStreamPart => ({ type: 'tool-input-delta', index: 0, partialJson: '"abcdefgh"' }),
      (): ModelStreamPart => ({ type: 'signature-delta', index: 0, signature: 'abcdefghij' }),
      (index: number): ModelStreamPart => ({ type: 'redacted-thinking', index, data: 'abcdefghij' }),
    ]) {
      const { model, state } = endlessModel(delta);
      const { parts, error } = await drain(limitReplySize(model, 100));
      expect(error).toBeInstanceOf(ModelError);
      expect((error as Error).message).toMatch(
        /^The reply is longer than 100 characters \(text, thinking and tool input together\)/,
      );
      // 10 parts of 10 characters fit; the 11th is not passed on.
      expect(parts).toHaveLength(11);
      expect(state.closed).toBe(true);
    }
  });

  it('counts every block of the reply together, at the real bound too', async () => {
    const mebi = 'm'.repeat(1024 * 1024);
    let next = 0;
    const { model, state } = endlessModel(() => {
      next += 1;
      return next % 2 === 0
        ? { type: 'text-delta', index: 0, text: mebi }
        : { type: 'tool-input-delta', index: 1, partialJson: mebi };
    });
    const { parts, error } = await drain(limitReplySize(model));
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toContain(
      `The reply is longer than ${MAX_REPLY_CHARS.toLocaleString('en')} characters (text`,
    );
    expect(parts).toHaveLength(1 + MAX_REPLY_CHARS / mebi.length);
    expect(state.closed).toBe(true);
  });
});
