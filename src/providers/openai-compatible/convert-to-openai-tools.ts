// Converts the engine's tool definitions and tool choice to Chat Completions `tools` / `tool_choice`. Pure.
import type { ToolChoice, ToolDefinition } from '../../engine/model/model';
import type { OpenAITool, OpenAIToolChoice } from './openai-wire-types';

/**
 * Engine tools → function tools. A schema without `type` is sent as an object schema, as for Anthropic; `$defs`
 * and local `$ref`s go as they are (Chat Completions takes them; the Tools panel flags refs to other documents).
 */
export function convertToOpenAITools(tools: readonly ToolDefinition[]): OpenAITool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: { ...tool.input_schema, type: 'object' },
      // Strict function calling: the endpoint refuses a schema it cannot hold strictly, and says why.
      ...(tool.strict === true ? { strict: true } : {}),
    },
  }));
}

/** `any` is Chat Completions' `required`; `none` keeps the tools listed but forbids calling them. */
export function convertToOpenAIToolChoice(choice: ToolChoice): OpenAIToolChoice {
  switch (choice.type) {
    case 'auto':
      return 'auto';
    case 'none':
      return 'none';
    case 'any':
      return 'required';
    case 'tool':
      return { type: 'function', function: { name: choice.name } };
  }
}
