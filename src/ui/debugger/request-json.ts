// The pending request as JSON with the Messages API's names, and back to the engine's patch.
import type { RequestPatch } from '../../engine/debug/pause-point';
import type { Message } from '../../engine/message/message';
import type { ModelRequest, ToolChoice, ToolDefinition } from '../../engine/model/model';

/** `request` as the JSON the provider will be sent (field names as the Messages API spells them). */
export function toRequestJson(request: ModelRequest): string {
  return JSON.stringify(
    {
      ...(request.system === undefined ? {} : { system: request.system }),
      messages: request.messages,
      tools: request.tools,
      max_tokens: request.maxTokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.toolChoice === undefined ? {} : { tool_choice: request.toolChoice }),
    },
    null,
    2,
  );
}

/** The patch for an edited request JSON (already validated against `requestSchema`). */
export function toRequestPatch(value: Record<string, unknown>): RequestPatch {
  const patch: RequestPatch = {
    system: typeof value['system'] === 'string' ? value['system'] : '',
    messages: value['messages'] as Message[],
    tools: value['tools'] as ToolDefinition[],
    maxTokens: value['max_tokens'] as number,
  };
  if (typeof value['temperature'] === 'number') patch.temperature = value['temperature'];
  if (value['tool_choice'] !== undefined) patch.toolChoice = value['tool_choice'] as ToolChoice;
  return patch;
}
