// A model server over real HTTP whose reply is well-formed but never ends (small events, far inside every stream
// bound): the worker's model ends the round at the reply's character bound and closes the connection.
import { describe, expect, it } from 'vitest';
import {
  drainHi,
  serveEndlessAnswers,
  sseEvent,
  createEndlessWriter,
  type Attack,
} from '../../test/support/endless-http';
import { ModelError, type ModelStreamPart } from '../engine/model/model';
import type { ProviderSettings } from '../protocol/settings';
import { createModel } from './create-model';
import { MAX_REPLY_CHARS } from './limit-reply-size';

const { written, writeForever } = createEndlessWriter();

const words = 'word '.repeat(16 * 1024);

const servers: Record<string, Attack> = {
  '/anthropic/v1/messages': (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(
      sseEvent('message_start', {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'm',
          content: [],
          usage: { input_tokens: 1 },
        },
      }) +
        sseEvent('content_block_start', {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'text', text: '' },
        }),
    );
    writeForever(
      response,
      sseEvent('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: words },
      }),
    );
  },
  '/openai/chat/completions': (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    writeForever(response, `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: words } }] })}\n\n`);
  },
};

describe('a reply that never ends, in events within every stream bound', { timeout: 120_000 }, () => {
  const base = serveEndlessAnswers(servers);

  const run = (provider: ProviderSettings) => drainHi(createModel(provider));

  const text = (parts: ModelStreamPart[]) =>
    parts.reduce((sum, part) => sum + (part.type === 'text-delta' ? part.text.length : 0), 0);

  for (const [name, provider, path] of [
    ['Anthropic', { kind: 'anthropic', apiKey: 'sk-test-key', baseUrl: '', model: 'm' }, '/anthropic/v1/messages'],
    [
      'OpenAI-compatible',
      { kind: 'openai-compatible', apiKey: '', baseUrl: '', model: 'm' },
      '/openai/chat/completions',
    ],
  ] as const) {
    it(`${name}: ends the round at the reply bound, the text before it kept, the connection closed`, async () => {
      const baseUrl = `${base()}/${path.split('/')[1] ?? ''}`;
      const { parts, error } = await run({ ...provider, baseUrl });
      expect(error).toBeInstanceOf(ModelError);
      expect((error as Error).message).toMatch(
        new RegExp(`^The reply is longer than ${MAX_REPLY_CHARS.toLocaleString('en')} characters \\(text`),
      );
      expect(text(parts)).toBeLessThanOrEqual(MAX_REPLY_CHARS);
      expect(text(parts)).toBeGreaterThan(MAX_REPLY_CHARS - words.length);
      await expect.poll(() => written.get(path)?.closed, { timeout: 10_000 }).toBe(true);
      // Stopped by the reply's bound (8 Mi characters), long before the stream's (128 MiB).
      expect(written.get(path)?.bytes).toBeLessThan(MAX_REPLY_CHARS + 32 * 1024 * 1024);
    });
  }
});
