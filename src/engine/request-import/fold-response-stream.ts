// Pure: a captured SSE stream (Messages API or Chat Completions) folded into the reply it streamed.
import { isRecord } from '../../shared/is-record';
import type { ContentBlock } from '../message/message';
import type { StopReason } from '../model/model';
import type { ImportedResponse } from './imported-request';
import { anthropicUsage, chatStopReason, chatUsage } from './read-provider-usage';
import { readAnthropicBlock } from './read-anthropic-blocks';
import { readArguments } from './read-chat-tool-call';
import { refuse } from './request-import-error';

const WHERE = '(response)';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The `data:` payloads of the stream, parsed; `[DONE]` ends it. A payload that is not JSON is refused. */
function dataEvents(text: string): { events: Record<string, unknown>[]; done: boolean } {
  const events: Record<string, unknown>[] = [];
  let done = false;
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    try {
      const parsed: unknown = JSON.parse(data);
      if (isRecord(parsed)) events.push(parsed);
    } catch {
      refuse(`${WHERE} line ${index + 1}`, 'a JSON data line', 'text that is not JSON (the stream may be cut short)');
    }
  });
  return { events, done };
}

/** A Messages API stream: message_start … content_block_* … message_delta, message_stop. */
export function foldAnthropicStream(text: string): ImportedResponse {
  const { events } = dataEvents(text);
  const blocks: Record<string, unknown>[] = [];
  const json: string[] = [];
  let usage: unknown = {};
  let stop: unknown = null;
  let stopped = false;
  for (const event of events) {
    const index = typeof event['index'] === 'number' ? event['index'] : -1;
    if (event['type'] === 'message_start' && isRecord(event['message'])) usage = event['message']['usage'];
    else if (event['type'] === 'content_block_start' && isRecord(event['content_block'])) {
      blocks[index] = { ...event['content_block'] };
      json[index] = '';
    } else if (event['type'] === 'content_block_delta' && isRecord(event['delta']) && blocks[index]) {
      const delta = event['delta'];
      const block = blocks[index];
      if (delta['type'] === 'text_delta') block['text'] = str(block['text']) + str(delta['text']);
      if (delta['type'] === 'thinking_delta') block['thinking'] = str(block['thinking']) + str(delta['thinking']);
      if (delta['type'] === 'signature_delta') block['signature'] = str(block['signature']) + str(delta['signature']);
      if (delta['type'] === 'input_json_delta') json[index] += str(delta['partial_json']);
    } else if (event['type'] === 'message_delta') {
      if (isRecord(event['delta'])) stop = event['delta']['stop_reason'];
      usage = { ...(isRecord(usage) ? usage : {}), ...(isRecord(event['usage']) ? event['usage'] : {}) };
    } else if (event['type'] === 'message_stop') stopped = true;
  }
  if (!stopped) refuse(WHERE, 'a whole stream ending in message_stop', 'a stream cut short');
  const content: ContentBlock[] = blocks.map((block, index) => {
    if (block['type'] === 'tool_use' && json[index] !== '')
      block['input'] = readArguments(json[index], `${WHERE}.content[${index}].input`);
    return readAnthropicBlock(block, `${WHERE}.content[${index}]`);
  });
  return { content, stopReason: typeof stop === 'string' ? (stop as StopReason) : null, usage: anthropicUsage(usage) };
}

/** A Chat Completions stream: deltas of content, reasoning and tool calls (by index), then `[DONE]`. */
export function foldChatStream(text: string): ImportedResponse {
  const { events, done } = dataEvents(text);
  let reply = '';
  let reasoning = '';
  const calls: { id: string; name: string; args: string }[] = [];
  let finish: unknown = null;
  let usage: unknown;
  for (const event of events) {
    if (isRecord(event['usage'])) usage = event['usage'];
    const choice: unknown = Array.isArray(event['choices']) ? (event['choices'] as unknown[])[0] : undefined;
    if (!isRecord(choice)) continue;
    if (choice['finish_reason']) finish = choice['finish_reason'];
    const delta = choice['delta'];
    if (!isRecord(delta)) continue;
    if (typeof delta['content'] === 'string') reply += delta['content'];
    if (typeof delta['reasoning_content'] === 'string') reasoning += delta['reasoning_content'];
    for (const call of Array.isArray(delta['tool_calls']) ? delta['tool_calls'] : []) {
      if (!isRecord(call)) continue;
      const at = typeof call['index'] === 'number' ? call['index'] : calls.length;
      const fn = isRecord(call['function']) ? call['function'] : {};
      const slot = (calls[at] ??= { id: '', name: '', args: '' });
      if (typeof call['id'] === 'string') slot.id = call['id'];
      if (typeof fn['name'] === 'string') slot.name += fn['name'];
      if (typeof fn['arguments'] === 'string') slot.args += fn['arguments'];
    }
  }
  if (!done && finish === null) refuse(WHERE, 'a whole stream (a finish_reason or data: [DONE])', 'a stream cut short');
  const content: ContentBlock[] = [];
  if (reasoning !== '') content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  if (reply !== '') content.push({ type: 'text', text: reply });
  calls.forEach((call, index) =>
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.name,
      input: readArguments(call.args, `${WHERE}.tool_calls[${index}].function.arguments`),
    }),
  );
  const stopReason: StopReason | null = chatStopReason(finish);
  return { content, stopReason, usage: chatUsage(usage) };
}
