// Pure: reads what the demo model needs from a request — the user's ask and the tool calls made since.
import type { Message, ToolResultBlock, ToolUseBlock } from '../../engine/message/message';
import type { ModelRequest, ToolDefinition } from '../../engine/model/model';

/** A tool call of the current turn with its result, if one came back. */
export interface DemoCall {
  use: ToolUseBlock;
  result: { text: string; isError: boolean } | undefined;
}

export interface DemoHistory {
  /** Text of the last plain user message (one that is not only tool results). */
  userText: string;
  weatherTool: ToolDefinition | undefined;
  clothingTool: ToolDefinition | undefined;
  /** The latest weather and clothing calls since that message. */
  weatherCall: DemoCall | undefined;
  clothingCall: DemoCall | undefined;
  /** The latest `weather.outlook` call since that message (the outlook script, plan-demo-outlook.ts). */
  outlookCall: DemoCall | undefined;
  /** How many tool_use blocks and assistant messages the whole history holds (for fresh ids). */
  toolUseCount: number;
  assistantCount: number;
}

const isPlainUserMessage = (message: Message) =>
  message.role === 'user' && !message.content.some((block) => block.type === 'tool_result');

function resultText(block: ToolResultBlock): string {
  return block.content.map((part) => (part.type === 'text' ? part.text : '[image]')).join('\n');
}

function findCall(turn: Message[], suffix: string): DemoCall | undefined {
  const uses = turn.flatMap((message) =>
    message.role === 'assistant' ? message.content.filter((block) => block.type === 'tool_use') : [],
  );
  const use = uses.filter((block) => block.name.endsWith(suffix)).at(-1);
  if (!use) return undefined;
  const result = turn
    .flatMap((message) => (message.role === 'user' ? message.content : []))
    .find((block): block is ToolResultBlock => block.type === 'tool_result' && block.tool_use_id === use.id);
  return { use, result: result ? { text: resultText(result), isError: result.is_error === true } : undefined };
}

/** Reads the current turn: everything after the last plain user message. */
export function readDemoHistory(request: ModelRequest): DemoHistory {
  const { messages } = request;
  const start = messages.findLastIndex(isPlainUserMessage);
  const userMessage = start >= 0 ? messages[start] : undefined;
  const turn = messages.slice(start + 1);
  return {
    userText: (userMessage?.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join(' '),
    weatherTool: request.tools.find((tool) => tool.name.endsWith('weather_get')),
    clothingTool: request.tools.find((tool) => tool.name.endsWith('clothing_advise')),
    weatherCall: findCall(turn, 'weather_get'),
    clothingCall: findCall(turn, 'clothing_advise'),
    outlookCall: findCall(turn, 'weather_outlook'),
    toolUseCount: messages.flatMap((message) => message.content).filter((block) => block.type === 'tool_use').length,
    assistantCount: messages.filter((message) => message.role === 'assistant').length,
  };
}
