// Converts the engine's request pieces (already Messages API shaped) to the SDK's parameter types.
import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlock, Message, ToolResultContentBlock } from '../../engine/message/message';
import type { ToolChoice, ToolDefinition } from '../../engine/model/model';

type ImageMediaType = Anthropic.Base64ImageSource['media_type'];

function convertImage(source: { media_type: string; data: string }): Anthropic.ImageBlockParam {
  // The engine keeps media types as strings; MCP results are converted to the four supported types upstream.
  return {
    type: 'image',
    source: { type: 'base64', media_type: source.media_type as ImageMediaType, data: source.data },
  };
}

function convertResultPart(
  part: ToolResultContentBlock,
): Anthropic.TextBlockParam | Anthropic.ImageBlockParam | Anthropic.DocumentBlockParam {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return convertImage(part.source);
    case 'document':
      return { type: 'document', source: part.source };
  }
}

function convertBlock(block: ContentBlock): Anthropic.ContentBlockParam {
  switch (block.type) {
    case 'text':
      // Citations go back exactly as the API sent them (its response shape is accepted as a parameter).
      return block.citations === undefined
        ? { type: 'text', text: block.text }
        : ({ type: 'text', text: block.text, citations: block.citations } as unknown as Anthropic.TextBlockParam);
    case 'image':
      return convertImage(block.source);
    case 'tool_use':
      return block.caller === undefined
        ? { type: 'tool_use', id: block.id, name: block.name, input: block.input }
        : ({
            type: 'tool_use',
            id: block.id,
            name: block.name,
            input: block.input,
            caller: block.caller,
          } as Anthropic.ToolUseBlockParam);
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content.map(convertResultPart),
        ...(block.is_error ? { is_error: true } : {}),
      };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'document':
      return { type: 'document', source: block.source };
    case 'api_block':
      // Verbatim: the very object the API sent (server tool calls and results, MCP connector blocks, compaction,
      // types newer than this SDK), so what goes back is byte for byte what came.
      return block.block as unknown as Anthropic.ContentBlockParam;
  }
}

/**
 * Engine messages → SDK `messages`. Unsigned thinking (another provider's reasoning, e.g. after a fork) is
 * left out: the API refuses thinking it did not sign.
 */
export function convertToAnthropicMessages(messages: Message[]): Anthropic.MessageParam[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content.filter((block) => block.type !== 'thinking' || block.signature !== '').map(convertBlock),
  }));
}

/**
 * Engine tool definitions → SDK `tools`. A schema without `type` is sent as an object schema. `strict` goes as is;
 * a tool callable from code gets `allowed_callers` (direct, and the code execution tool sent with the request)
 * only when `codeExecution` names that tool: the API refuses a caller whose tool is not in the request.
 */
export function convertToAnthropicTools(
  tools: ToolDefinition[],
  codeExecution?: 'code_execution_20250825',
): Anthropic.Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.input_schema, type: 'object' },
    ...(tool.strict === true ? { strict: true } : {}),
    ...(tool.callable_from_code === true && codeExecution !== undefined
      ? { allowed_callers: ['direct' as const, codeExecution] }
      : {}),
  }));
}

/** Engine tool choice → SDK `tool_choice`. */
export function convertToAnthropicToolChoice(choice: ToolChoice): Anthropic.ToolChoice {
  return choice.type === 'tool' ? { type: 'tool', name: choice.name } : { type: choice.type };
}
