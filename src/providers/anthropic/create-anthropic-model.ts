// The Anthropic adapter: one streamed Messages API call per `doStream`, mapped to neutral stream parts.
import { APIConnectionError, APIError } from '@anthropic-ai/sdk/core/error';
import {
  describeStreamLost,
  ModelError,
  STREAM_LOST_ERROR_TYPE,
  type Model,
  type ModelRequest,
  type ModelStreamPart,
} from '../../engine/model/model';
import { abortError } from '../abort-error';
import { createAnthropicClient, defaultAnthropicBaseUrl, type AnthropicConfig } from './anthropic-config';
import { buildAnthropicParams, describeAnthropicRequest, type AnthropicRequestOptions } from './build-anthropic-params';
import { initialAnthropicStreamState, mapAnthropicStreamEvent } from './map-anthropic-stream-event';
import { toModelError } from './to-model-error';
import { betasFor } from './build-context-management';
import { countAnthropicTokens } from './count-anthropic-tokens';
import { captureSentRequest } from '../capture-sent-request';
import { limitResponseBodies } from '../limit-response-bodies';
import type { ConnectorServer } from '../../shared/connector-server';

export interface AnthropicModelConfig
  extends AnthropicConfig, Omit<AnthropicRequestOptions, 'model' | 'connectorServers'> {
  model: string;
  /**
   * The MCP connector's servers, or a function giving them as each request is sent (a token that is fetched, and
   * renewed, per request); a rejection ends the request with its sentence.
   */
  connectorServers?: readonly ConnectorServer[] | (() => Promise<readonly ConnectorServer[]>);
}

/** A `Model` backed by the Anthropic Messages API (or any endpoint speaking it) through the official SDK. */
export function createAnthropicModel(config: AnthropicModelConfig): Model {
  const baseFetch = config.fetch ?? ((input, init) => fetch(input, init));
  // Token counts get the same bounds as replies (a JSON answer is read whole by the SDK).
  const client = createAnthropicClient({ ...config, fetch: limitResponseBodies(baseFetch).fetch });
  const baseUrl = config.baseUrl ?? defaultAnthropicBaseUrl;
  // A model serves one run: the code execution container its last response used goes back with the next request,
  // so files and variables carry over from round to round.
  let container: string | undefined;

  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    if (signal.aborted) throw abortError(signal);
    let state = initialAnthropicStreamState;
    const { connectorServers: given, ...options } = config;
    let connectorServers: readonly ConnectorServer[] | undefined;
    try {
      connectorServers = typeof given === 'function' ? await given() : given;
    } catch (error) {
      throw new ModelError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const params = buildAnthropicParams(request, {
      ...options,
      ...(connectorServers === undefined ? {} : { connectorServers }),
      ...(container ? { container } : {}),
    });
    // A client per call, over a fetch that records exactly what the SDK puts on the wire (headers, body, status) and
    // bounds what comes back: the SDK buffers a line, an event or an error body whole, however long.
    const limiter = limitResponseBodies(baseFetch);
    const capture = captureSentRequest(limiter.fetch);
    const callClient = createAnthropicClient({ ...config, fetch: capture.fetch });
    let recorded = false;
    try {
      // The SDK retries 408/409/429/5xx (honouring retry-after) before it returns the stream, never after.
      // A beta header only for the beta fields this body carries (context management, the MCP connector).
      const betas = betasFor(params);
      const stream = await callClient.createMessageStream(params, {
        signal,
        ...(betas.length === 0 ? {} : { headers: { 'anthropic-beta': betas.join(',') } }),
      });
      const sent = capture.take();
      recorded = true;
      if (sent) yield { type: 'request-sent', request: sent };
      for await (const event of stream) {
        if (event.type === 'message_delta' && event.delta.container) container = event.delta.container.id;
        const mapped = mapAnthropicStreamEvent(event, state);
        state = mapped.state;
        yield* mapped.parts;
      }
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      const sent = recorded ? undefined : capture.take();
      if (sent) yield { type: 'request-sent', request: sent };
      // A bound hit is the server's doing (running again would only meet it again); the SDK may have wrapped it.
      const refused = limiter.exceeded();
      if (refused !== undefined)
        throw new ModelError(`${refused.message}: Loupe stopped reading the reply from ${baseUrl}.`, {
          cause: refused,
        });
      // The answer had begun (HTTP 200) and then the connection went: not an error the API sent.
      if (recorded && (!(error instanceof APIError) || error instanceof APIConnectionError)) {
        const how = error instanceof Error && error.message !== '' ? error.message : 'network error';
        throw new ModelError(describeStreamLost(baseUrl, `the connection was lost (${how})`), {
          errorType: STREAM_LOST_ERROR_TYPE,
          cause: error,
        });
      }
      throw toModelError(error, baseUrl, describeAnthropicRequest(baseUrl, params));
    }
    // The SDK ends the iteration quietly when aborted, so the signal is checked after the loop too.
    if (signal.aborted) throw abortError(signal);
    if (!state.finished) {
      throw new ModelError(
        describeStreamLost(baseUrl, 'the stream ended before the reply was complete (no message_stop)'),
        {
          errorType: STREAM_LOST_ERROR_TYPE,
        },
      );
    }
  }

  return {
    provider: 'anthropic',
    modelId: config.model,
    doStream,
    // The count leaves the connector out (the API lists its servers' tools itself): no token is fetched for it.
    countTokens: (request, signal) =>
      countAnthropicTokens(client, buildAnthropicParams(request, { ...config, connectorServers: [] }), baseUrl, signal),
  };
}
