import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../e2e/fixtures/mock-openai-api';
import { ModelError, type Model, type ModelRequest } from '../engine/model/model';
import { collectModelSecrets, guardModelSecrets, scrubSecrets } from './guard-model-secrets';
import { createModel } from './create-model';

const KEY = 'sk-ant-api03-SECRET-echoed-by-a-hostile-server';
const OPENAI_KEY = 'sk-proj-SECRET-echoed-too';
let anthropic: MockMessagesApi;
let openai: MockOpenAIApi;

beforeAll(async () => {
  [anthropic, openai] = await Promise.all([startMockMessagesApi(), startMockOpenAIApi()]);
});
afterAll(async () => {
  await Promise.all([anthropic.close(), openai.close()]);
});

const request: ModelRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  tools: [],
  maxTokens: 64,
};

/** What a server that echoes the request's headers and URL says in its error body. */
const echo = (key: string) =>
  `Invalid credentials. Received headers: {"x-api-key":"${key}","authorization":"Bearer ${key}"}`;

async function failureOf(model: Model): Promise<ModelError> {
  try {
    for await (const part of model.doStream(request, new AbortController().signal)) void part;
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return error as ModelError;
  }
  throw new Error('the call did not fail');
}

function expectNoSecret(error: ModelError, ...secrets: string[]): void {
  const everything = JSON.stringify({ message: error.message, cause: String(error.cause), stack: error.stack });
  for (const secret of secrets) expect(everything).not.toContain(secret);
  expect(error.message).toContain('REDACTED');
}

describe('a model server that echoes the key in its answer', () => {
  const anthropicModel = () => createModel({ kind: 'anthropic', apiKey: KEY, baseUrl: anthropic.url, model: 'm' });

  it('Anthropic: an HTTP error keeps its status and advice, without the key', async () => {
    anthropic.enqueue({ error: { status: 401, type: 'authentication_error', message: echo(KEY) } });
    const error = await failureOf(anthropicModel());
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/^The API key was refused/);
    expectNoSecret(error, KEY);
  });

  it('Anthropic: an error event in the stream', async () => {
    anthropic.enqueue({ streamError: { type: 'api_error', message: echo(KEY) } });
    expectNoSecret(await failureOf(anthropicModel()), KEY);
  });

  it('OpenAI-compatible: an HTTP error and an error chunk in the stream', async () => {
    const model = createModel({
      kind: 'openai-compatible',
      apiKey: OPENAI_KEY,
      baseUrl: openai.url,
      model: 'gpt-4o-mini',
    });
    openai.enqueue({ error: { status: 401, message: echo(OPENAI_KEY), type: 'invalid_request_error' } });
    const error = await failureOf(model);
    expect(error.status).toBe(401);
    expectNoSecret(error, OPENAI_KEY);
    openai.enqueue({ streamError: { message: echo(OPENAI_KEY) } });
    expectNoSecret(await failureOf(model), OPENAI_KEY);
  });
});

describe('guardModelSecrets around any model', () => {
  it('scrubs a failed token count and a notice, and keeps the error class (an abort stays an abort)', async () => {
    class AbortLike extends Error {
      override name = 'AbortError';
    }
    const inner: Model = {
      provider: 'p',
      modelId: 'm',
      async *doStream() {
        yield await Promise.resolve({ type: 'notice' as const, message: `said ${KEY}` });
        throw new AbortLike(`aborted while sending ${KEY}`);
      },
      countTokens: () => Promise.reject(new ModelError(`count failed for ${KEY}`, { status: 400, cause: KEY })),
    };
    const guarded = guardModelSecrets(inner, [KEY]);
    const parts: unknown[] = [];
    const thrown = await (async () => {
      try {
        for await (const part of guarded.doStream(request, new AbortController().signal)) parts.push(part);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(parts).toEqual([{ type: 'notice', message: 'said REDACTED' }]);
    expect(thrown).toBeInstanceOf(AbortLike);
    expect((thrown as Error).message).toBe('aborted while sending REDACTED');
    const counted = await guarded.countTokens?.(request, new AbortController().signal).catch((error: unknown) => error);
    expect(counted).toBeInstanceOf(ModelError);
    expect(counted).toMatchObject({ status: 400, message: 'count failed for REDACTED' });
    expect((counted as Error).cause).toBeUndefined();
  });
});

describe('collectModelSecrets and scrubSecrets', () => {
  it('finds the key, user info, query values and fragment of the base URL, longest first', () => {
    const secrets = collectModelSecrets({
      apiKey: ' sk-key-123456 ',
      baseUrl: 'https://user:p%40ssword@h.example/v1?api-key=abcdefgh&x=1&flag#fragment-secret',
    });
    expect(secrets).toEqual(
      expect.arrayContaining(['sk-key-123456', 'p%40ssword', 'p@ssword', 'abcdefgh', 'fragment-secret']),
    );
    // Short values and bare names are not secrets: replacing them everywhere would garble every message.
    expect(secrets).not.toContain('1');
    expect(secrets).not.toContain('flag');
    expect(secrets).not.toContain('user');
    expect(scrubSecrets('key sk-key-123456 and p@ssword', secrets)).toBe('key REDACTED and REDACTED');
  });

  it('has nothing to hide for a keyless local server', () => {
    expect(collectModelSecrets({ apiKey: '', baseUrl: 'http://localhost:11434/v1' })).toEqual([]);
  });
});
