// The Anthropic adapter: one streamed Messages API call per `doStream`, mapped to neutral stream parts.
import type Anthropic from '@anthropic-ai/sdk';
import { ModelError, type Model, type ModelRequest, type ModelStreamPart } from '../../engine/model/model';
import { abortError } from '../abort-error';
import { createAnthropicClient, defaultAnthropicBaseUrl, type AnthropicConfig } from './anthropic-config';
import {
  convertToAnthropicMessages,
  convertToAnthropicToolChoice,
  convertToAnthropicTools,
} from './convert-to-anthropic-params';
import { initialAnthropicStreamState, mapAnthropicStreamEvent } from './map-anthropic-stream-event';
import { toModelError } from './to-model-error';

export interface AnthropicModelConfig extends AnthropicConfig {
  model: string;
}

function toParams(model: string, request: ModelRequest): Anthropic.MessageCreateParamsStreaming {
  const hasTools = request.tools.length > 0;
  return {
    model,
    max_tokens: request.maxTokens,
    messages: convertToAnthropicMessages(request.messages),
    stream: true,
    ...(request.system ? { system: request.system } : {}),
    ...(hasTools ? { tools: convertToAnthropicTools(request.tools) } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    // The API rejects tool_choice without tools.
    ...(hasTools && request.toolChoice ? { tool_choice: convertToAnthropicToolChoice(request.toolChoice) } : {}),
  };
}

/** A `Model` backed by the Anthropic Messages API (or any endpoint speaking it) through the official SDK. */
export function createAnthropicModel(config: AnthropicModelConfig): Model {
  const client = createAnthropicClient(config);
  const baseUrl = config.baseUrl ?? defaultAnthropicBaseUrl;

  async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    if (signal.aborted) throw abortError(signal);
    let state = initialAnthropicStreamState;
    try {
      const stream = await client.messages.create(toParams(config.model, request), { signal });
      for await (const event of stream) {
        const mapped = mapAnthropicStreamEvent(event, state);
        state = mapped.state;
        yield* mapped.parts;
      }
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      throw toModelError(error, baseUrl);
    }
    // The SDK ends the iteration quietly when aborted, so the signal is checked after the loop too.
    if (signal.aborted) throw abortError(signal);
    if (!state.finished) {
      throw new ModelError(`The reply from ${baseUrl} ended before it was complete (no message_stop). Run again.`);
    }
  }

  return { provider: 'anthropic', modelId: config.model, doStream };
}
