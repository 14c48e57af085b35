// Builds the Messages API request for one model call: thinking, prompt-cache breakpoints, tool choice. Pure.
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelRequest } from '../../engine/model/model';
import {
  convertToAnthropicMessages,
  convertToAnthropicToolChoice,
  convertToAnthropicTools,
} from './convert-to-anthropic-params';
import type { ApiToolSettings } from '../../shared/api-tool-settings';
import { API_TOOL_TYPES, buildApiTools, deferClientTools } from './build-api-tools';
import { MEMORY_TOOL_NAME } from '../../engine/tool/memory/create-memory-tool';
import type {
  BetaContextManagementConfig,
  BetaRequestMCPServerURLDefinition,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { ConnectorServer } from '../../shared/connector-server';
import { buildContextManagement } from './build-context-management';
import { buildConnector } from './build-connector';

/** Request options beyond the engine's request. */
export interface AnthropicRequestOptions {
  model: string;
  /** Extended thinking: a token budget (≥ 1024, added on top of max tokens) or adaptive when absent. */
  thinking?: { budgetTokens?: number };
  /** `cache_control` on the last tool, the system prompt and the last user message. Default true. */
  promptCaching?: boolean;
  /** The API's own tools switched on in Settings → Server tools; absent = none. */
  apiTools?: ApiToolSettings;
  /** Exposed tool names tool search leaves loaded (`defer: 'unpinned'`), beside the tools marked `pinned`. */
  pinnedTools?: readonly string[];
  /** The code execution container of the run's previous response, reused so files and state carry over. */
  container?: string;
  /** MCP servers the API calls itself (the MCP connector): sent as `mcp_servers` with one `mcp_toolset` each. */
  connectorServers?: readonly ConnectorServer[];
}

/** The streamed request with the beta fields Loupe may add; `betasFor` says which headers they need. */
export type AnthropicStreamParams = Anthropic.MessageCreateParamsStreaming & {
  context_management?: BetaContextManagementConfig;
  mcp_servers?: BetaRequestMCPServerURLDefinition[];
};

const ephemeral = { type: 'ephemeral' } as const;

/** Marks the last block of the last message as a cache breakpoint when it is a user message that can take one. */
function cacheLastUserBlock(messages: Anthropic.MessageParam[]): Anthropic.MessageParam[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'user' || typeof last.content === 'string') return messages;
  const blocks = [...last.content];
  const tail = blocks.at(-1);
  // Empty text cannot carry cache_control; thinking blocks never can.
  if (!tail || tail.type === 'thinking' || tail.type === 'redacted_thinking') return messages;
  if (tail.type === 'text' && tail.text === '') return messages;
  blocks[blocks.length - 1] = { ...tail, cache_control: ephemeral };
  return [...messages.slice(0, -1), { ...last, content: blocks }];
}

/**
 * The streaming request. With thinking on, `max_tokens` is the answer budget plus the thinking budget,
 * `temperature` is left out and a forced tool choice becomes `auto` — the API refuses the others with
 * thinking. With caching on (default), three of the four allowed breakpoints are used, so repeated rounds
 * read the tools, system prompt and history from the cache.
 */
export function buildAnthropicParams(request: ModelRequest, options: AnthropicRequestOptions): AnthropicStreamParams {
  const caching = options.promptCaching !== false;
  const thinking = options.thinking;
  const apiTools = options.apiTools;
  // With Memory on, the engine's memory tool runs the calls but the API's own definition (memory_20250818) is
  // what the model sees: two tools of one name would be refused.
  const clientTools = convertToAnthropicTools(
    apiTools?.memory.enabled ? request.tools.filter((tool) => tool.name !== MEMORY_TOOL_NAME) : request.tools,
    apiTools?.codeExecution.enabled ? API_TOOL_TYPES.codeExecution : undefined,
  );
  // A pin travels on the engine's tool definition (the Tools tab's checkbox), so a replay or fork keeps it.
  const pinned = [
    ...request.tools.filter((tool) => tool.pinned === true).map((tool) => tool.name),
    ...(options.pinnedTools ?? []),
  ];
  const connector = buildConnector(options.connectorServers ?? []);
  const tools: Anthropic.ToolUnion[] = [
    ...(apiTools ? [...deferClientTools(clientTools, apiTools, pinned), ...buildApiTools(apiTools)] : clientTools),
    // The SDK's GA union has no mcp_toolset; the body is what the beta API takes.
    ...(connector.toolsets as unknown as Anthropic.ToolUnion[]),
  ];
  const contextManagement = buildContextManagement(apiTools?.contextManagement, thinking !== undefined);
  if (caching && tools.length > 0) tools[tools.length - 1] = { ...tools[tools.length - 1]!, cache_control: ephemeral };
  const messages = convertToAnthropicMessages(request.messages);
  let toolChoice = request.toolChoice ? convertToAnthropicToolChoice(request.toolChoice) : undefined;
  if (thinking && (toolChoice?.type === 'any' || toolChoice?.type === 'tool')) toolChoice = { type: 'auto' };
  const budget = thinking?.budgetTokens;
  return {
    model: options.model,
    max_tokens: request.maxTokens + (budget ?? 0),
    messages: caching ? cacheLastUserBlock(messages) : messages,
    stream: true,
    ...(request.system
      ? { system: caching ? [{ type: 'text', text: request.system, cache_control: ephemeral }] : request.system }
      : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(request.temperature !== undefined && !thinking ? { temperature: request.temperature } : {}),
    // The API rejects tool_choice without tools.
    ...(tools.length > 0 && toolChoice ? { tool_choice: toolChoice } : {}),
    ...(options.container && apiTools?.codeExecution.enabled ? { container: options.container } : {}),
    ...(contextManagement ? { context_management: contextManagement } : {}),
    ...(connector.servers.length > 0 ? { mcp_servers: connector.servers } : {}),
    ...(thinking
      ? { thinking: budget === undefined ? { type: 'adaptive' } : { type: 'enabled', budget_tokens: budget } }
      : {}),
  };
}

/** The request in a few words for error messages: never the key or the content. */
export function describeAnthropicRequest(baseUrl: string, params: AnthropicStreamParams): string {
  const tools = params.tools?.length ?? 0;
  return `POST ${baseUrl.replace(/\/+$/, '')}/v1/messages (model ${params.model}, ${params.messages.length} messages, ${tools} tools, max_tokens ${params.max_tokens}${params.thinking ? `, thinking ${params.thinking.type}` : ''})`;
}
