// Pure: a captured model response — JSON or the SSE stream as it came — read as the last round's reply.
import { isRecord } from '../../shared/is-record';
import type { ContentBlock } from '../message/message';
import type { StopReason } from '../model/model';
import { describeValue } from '../transcript/transcript-problem';
import { MAX_REQUEST_CHARS, type ImportedProvider, type ImportedResponse } from './imported-request';
import { anthropicUsage, chatStopReason, chatUsage, STOP_REASONS } from './read-provider-usage';
import { readAnthropicBlock } from './read-anthropic-blocks';
import { readJsonBody } from './read-json-body';
import { readChatToolCall } from './read-chat-tool-call';
import { foldAnthropicStream, foldChatStream } from './fold-response-stream';
import { refuse } from './request-import-error';

const WHERE = '(response)';

function readAnthropicJson(body: Record<string, unknown>): ImportedResponse {
  const content = body['content'];
  if (!Array.isArray(content)) refuse(`${WHERE}.content`, 'a list of blocks', describeValue(content));
  const stop = body['stop_reason'];
  return {
    content: content.map((block, index) => readAnthropicBlock(block, `${WHERE}.content[${index}]`)),
    stopReason: typeof stop === 'string' && STOP_REASONS.has(stop) ? (stop as StopReason) : null,
    usage: anthropicUsage(body['usage']),
  };
}

function readChatJson(body: Record<string, unknown>): ImportedResponse {
  const choice: unknown = Array.isArray(body['choices']) ? (body['choices'] as unknown[])[0] : undefined;
  const message = isRecord(choice) ? choice['message'] : undefined;
  if (!isRecord(choice) || !isRecord(message))
    refuse(`${WHERE}.choices[0].message`, 'the reply message', describeValue(message));
  const content: ContentBlock[] = [];
  if (typeof message['reasoning_content'] === 'string' && message['reasoning_content'] !== '')
    content.push({ type: 'thinking', thinking: message['reasoning_content'], signature: '' });
  if (typeof message['content'] === 'string' && message['content'] !== '')
    content.push({ type: 'text', text: message['content'] });
  const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
  calls.forEach((call, index) =>
    content.push(readChatToolCall(call, `${WHERE}.choices[0].message.tool_calls[${index}]`)),
  );
  return { content, stopReason: chatStopReason(choice['finish_reason']), usage: chatUsage(body['usage']) };
}

/**
 * Reads `text` as the response to a request for `provider`: a JSON body (`{ content, stop_reason }` or
 * `{ choices }`) or the SSE stream as captured (`event:` / `data:` lines; a stream cut short is refused).
 */
export function readProviderResponse(text: string, provider: ImportedProvider): ImportedResponse {
  if (text.length > MAX_REQUEST_CHARS) refuse(WHERE, `at most ${MAX_REQUEST_CHARS / 1024 / 1024} MB of text`, 'more');
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    const body = readJsonBody(text, WHERE);
    if (body['type'] === 'error' || isRecord(body['error'])) refuse(WHERE, 'a model reply', 'an error response');
    return Array.isArray(body['choices']) ? readChatJson(body) : readAnthropicJson(body);
  }
  if (/^(event|data):/m.test(trimmed)) {
    return provider === 'anthropic' && /^event:\s*message_start/m.test(trimmed)
      ? foldAnthropicStream(text)
      : foldChatStream(text);
  }
  return refuse(WHERE, 'the response as JSON or as its SSE stream (event: / data: lines)', 'other text');
}
