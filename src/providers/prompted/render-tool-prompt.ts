// Renders tools into a system prompt for models without native tool calling (ENGINE-SPEC §26). Pure.
import type { ToolDefinition } from '../../engine/model/model';
import { isRecord } from '../../shared/is-record';

function sampleValue(name: string, schema: unknown): unknown {
  if (!isRecord(schema)) return `<${name}>`;
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  if (schema['default'] !== undefined) return schema['default'];
  switch (schema['type']) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return sampleArguments(schema);
    default:
      return `<${name}>`;
  }
}

/** Example arguments: every required property with a placeholder of its type (all properties when none is required). */
export function sampleArguments(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = isRecord(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((name): name is string => typeof name === 'string')
    : [];
  const names = required.length > 0 ? required : Object.keys(properties).slice(0, 3);
  return Object.fromEntries(names.map((name) => [name, sampleValue(name, properties[name])]));
}

function renderTool(tool: ToolDefinition): string {
  const example = JSON.stringify({ name: tool.name, arguments: sampleArguments(tool.input_schema) });
  return [
    `### ${tool.name}`,
    tool.description.trim() || '(no description)',
    `Arguments (JSON Schema): ${JSON.stringify(tool.input_schema)}`,
    `Example call: ${example}`,
  ].join('\n');
}

/** The instructions appended to the system prompt: how to call, the tools, and when to answer in text. */
export function renderToolPrompt(tools: readonly ToolDefinition[]): string {
  return [
    '## Tools',
    'You can call the tools below. To call one, reply with exactly one JSON object and nothing else:',
    '{"name": "<tool name>", "arguments": {<arguments as the schema says>}}',
    'Use only the tool names listed here, give every required argument and no other arguments.',
    'You call one tool per reply; its result comes back in the next user message, starting with "Result of".',
    'When you need no tool, or have what you need, answer the user in plain text (not JSON).',
    '',
    ...tools.map(renderTool).join('\n\n').split('\n'),
  ].join('\n');
}

/** The system prompt sent to the text-only model: the person's prompt, then the tool section. */
export function buildPromptedSystem(system: string | undefined, tools: readonly ToolDefinition[]): string | undefined {
  if (tools.length === 0) return system;
  const section = renderToolPrompt(tools);
  return system ? `${system}\n\n${section}` : section;
}
