// The Chat Completions adapter: one streamed `POST /chat/completions` per `doStream`, over fetch, mapped to neutral parts.
import {
  describeStreamLost,
  ModelError,
  STREAM_LOST_ERROR_TYPE,
  type Model,
  type ModelRequest,
  type ModelStreamPart,
} from '../../engine/model/model';
import { abortError } from '../abort-error';
import { convertToOpenAIMessages } from './convert-to-openai-messages';
import { convertToOpenAIToolChoice, convertToOpenAITools } from './convert-to-openai-tools';
import { createOpenAIStreamMapper } from './map-openai-chunks';
import { buildHeaders, normaliseBaseUrl, resolveFetch, type OpenAICompatibleConfig } from './openai-compatible-config';
import type { OpenAIChatRequest, OpenAIChunk } from './openai-wire-types';
import { postWithRetries, type RetryOptions } from './post-with-retries';
import { MAX_SSE_STREAM_BYTES, readSseData, SseLimitError } from './parse-sse';
import { MAX_BODY_BYTES } from '../stream-limits';
import { toConnectionError, toOpenAIModelError } from './to-openai-model-error';
import { captureSentRequest } from '../capture-sent-request';

export interface OpenAICompatibleModelConfig extends OpenAICompatibleConfig {
  model: string;
  /** The model reads images (tool images are sent in a following user message). Default false. */
  vision?: boolean;
  /** Send thinking back as `reasoning_content` on assistant messages (see `OpenAIConversionOptions`). Default false. */
  sendReasoning?: boolean;
  /**
   * A GBNF grammar sent as `grammar` (llama.cpp's server and its forks take it): the reply must follow it.
   * Such servers refuse it beside `tools`, so it comes with the prompted track, which sends none.
   */
  grammar?: string;
  /** Ids for tool calls a server sent without one. Defaults to random ids. */
  createId?: () => string;
  /** For tests: the wait between retries. */
  sleep?: RetryOptions['sleep'];
}

const randomCallId = (): string => `call_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** OpenAI's own API wants `max_completion_tokens` (reasoning models refuse `max_tokens`); other servers know `max_tokens`. */
function isOpenAIHost(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

export function buildOpenAIRequest(config: OpenAICompatibleModelConfig, request: ModelRequest): OpenAIChatRequest {
  const hasTools = request.tools.length > 0;
  return {
    model: config.model,
    messages: convertToOpenAIMessages(request.system, request.messages, {
      vision: config.vision === true,
      sendReasoning: config.sendReasoning === true,
    }),
    stream: true,
    stream_options: { include_usage: true },
    ...(isOpenAIHost(normaliseBaseUrl(config.baseUrl))
      ? { max_completion_tokens: request.maxTokens }
      : { max_tokens: request.maxTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(hasTools ? { tools: convertToOpenAITools(request.tools) } : {}),
    ...(hasTools && request.toolChoice ? { tool_choice: convertToOpenAIToolChoice(request.toolChoice) } : {}),
    ...(config.grammar === undefined ? {} : { grammar: config.grammar }),
  };
}

/**
 * Byte pieces of a body, through its reader (async iteration of ReadableStream is not everywhere yet). A reader
 * that stops early (a bound, a bad line) cancels the body, so the connection closes instead of staying open.
 */
async function* readBody(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** A body read whole (a server that ignored `stream: true`), refused past `maxBytes` like a stream. */
async function readCappedText(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  let bytesRead = 0;
  for await (const bytes of readBody(body)) {
    bytesRead += bytes.byteLength;
    if (bytesRead > maxBytes)
      throw new SseLimitError(`The reply is longer than ${maxBytes.toLocaleString('en')} bytes`);
    text += decoder.decode(bytes, { stream: true });
  }
  return text + decoder.decode();
}

/** A server that ignored `stream: true` and answered with one JSON completion, read as a single chunk. */
function completionAsChunk(text: string): OpenAIChunk {
  const body = JSON.parse(text) as {
    id?: string;
    model?: string;
    choices?: { message?: Record<string, unknown>; finish_reason?: string | null }[];
    usage?: OpenAIChunk['usage'];
  };
  const choice = body.choices?.[0];
  return {
    ...(body.id === undefined ? {} : { id: body.id }),
    ...(body.model === undefined ? {} : { model: body.model }),
    choices: [{ index: 0, delta: choice?.message ?? {}, finish_reason: choice?.finish_reason ?? 'stop' }],
    ...(body.usage ? { usage: body.usage } : {}),
  };
}

/** A `Model` backed by any OpenAI-compatible Chat Completions endpoint. */
export function createOpenAICompatibleModel(config: OpenAICompatibleModelConfig): Model {
  const baseUrl = normaliseBaseUrl(config.baseUrl);
  const url = `${baseUrl}/chat/completions`;
  const doFetch = resolveFetch(config);

  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    if (signal.aborted) throw abortError(signal);
    const body = buildOpenAIRequest(config, request);
    const described = `POST ${url} (model ${config.model}, ${body.messages.length} messages, ${request.tools.length} tools, max tokens ${request.maxTokens})`;
    let response: Response;
    // Records exactly what went on the wire (no key), for the round's exports.
    const capture = captureSentRequest(doFetch);
    try {
      response = await postWithRetries(
        url,
        { method: 'POST', headers: buildHeaders(config.apiKey), body: JSON.stringify(body) },
        {
          maxRetries: config.maxRetries ?? 2,
          signal,
          fetch: capture.fetch,
          ...(config.sleep ? { sleep: config.sleep } : {}),
        },
      );
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      const sent = capture.take();
      if (sent) yield { type: 'request-sent', request: sent };
      throw toConnectionError(baseUrl, error);
    }
    const sent = capture.take();
    if (sent) yield { type: 'request-sent', request: sent };
    if (!response.ok) {
      let text = '';
      try {
        // An error body is read whole: bounded, so a server cannot fill the worker with one.
        text = response.body ? await readCappedText(response.body, MAX_BODY_BYTES) : '';
      } catch (error) {
        if (signal.aborted) throw abortError(signal);
        if (error instanceof SseLimitError)
          throw new ModelError(`${error.message}: Loupe stopped reading the reply from ${baseUrl}.`, {
            status: response.status,
            cause: error,
          });
      }
      throw toOpenAIModelError(response.status, text, response.headers.get('retry-after'), described);
    }
    const mapper = createOpenAIStreamMapper(config.createId ?? randomCallId);
    let sawDone = false;
    try {
      if ((response.headers.get('content-type') ?? '').includes('application/json')) {
        const text = response.body ? await readCappedText(response.body, MAX_SSE_STREAM_BYTES) : '';
        yield* mapper.map(completionAsChunk(text));
        sawDone = true;
      } else if (response.body) {
        for await (const data of readSseData(readBody(response.body))) {
          if (data.trim() === '[DONE]') {
            sawDone = true;
            break;
          }
          let chunk: OpenAIChunk;
          try {
            chunk = JSON.parse(data) as OpenAIChunk;
          } catch {
            throw new ModelError(`The endpoint sent a stream line that is not JSON: ${data.slice(0, 120)}`);
          }
          yield* mapper.map(chunk);
        }
      }
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      if (error instanceof ModelError) throw error;
      // A bound hit is the server's doing: running again would only meet it again.
      if (error instanceof SseLimitError)
        throw new ModelError(`${error.message}: Loupe stopped reading the reply from ${baseUrl}.`, { cause: error });
      const reason = error instanceof Error ? error.message : String(error);
      throw new ModelError(describeStreamLost(baseUrl, `the connection was lost (${reason})`), {
        errorType: STREAM_LOST_ERROR_TYPE,
        cause: error,
      });
    }
    if (signal.aborted) throw abortError(signal);
    yield* mapper.finish(sawDone);
  }

  return { provider: 'openai-compatible', modelId: config.model, doStream };
}
