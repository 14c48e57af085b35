// The pending request's input tokens, from the Messages API's count-tokens endpoint (for the debugger).
import type Anthropic from '@anthropic-ai/sdk';
import { abortError } from '../abort-error';
import { toModelError } from './to-model-error';
import type { AnthropicClient } from './anthropic-config';

/**
 * `POST /v1/messages/count_tokens` through the SDK client (as `messages.countTokens` sends it), with the same model, system,
 * messages, tools, tool choice and thinking the streamed request would carry. Throws `ModelError`.
 */
export async function countAnthropicTokens(
  client: AnthropicClient,
  params: Anthropic.MessageCreateParamsStreaming,
  baseUrl: string,
  signal: AbortSignal,
): Promise<number> {
  const { model, messages, system, tool_choice: toolChoice, thinking } = params;
  // The MCP connector's toolsets need its servers and beta header; the count leaves them out (the API lists
  // their tools itself, so no client can count them beforehand).
  const tools = params.tools?.filter((tool) => (tool as { type?: string }).type !== 'mcp_toolset');
  try {
    const counted = await client.countMessageTokens(
      {
        model,
        messages,
        ...(system === undefined ? {} : { system }),
        ...(tools === undefined ? {} : { tools }),
        ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
        ...(thinking === undefined ? {} : { thinking }),
      },
      { signal },
    );
    return counted.input_tokens;
  } catch (error) {
    if (signal.aborted) throw abortError(signal);
    throw toModelError(error, baseUrl);
  }
}
