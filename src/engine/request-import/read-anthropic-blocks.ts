// Pure: Messages API content blocks read into the engine's blocks; cache breakpoints dropped, unknown types refused.
import { isRecord } from '../../shared/is-record';
import type { ContentBlock, ToolResultContentBlock } from '../message/message';
import { describeValue } from '../transcript/transcript-problem';
import { refuse } from './request-import-error';

const text = (value: unknown, path: string): string => {
  if (typeof value !== 'string') refuse(path, 'a string', describeValue(value));
  return value;
};

function readImage(block: Record<string, unknown>, path: string): ContentBlock & { type: 'image' } {
  const source = block['source'];
  if (!isRecord(source)) refuse(`${path}.source`, 'an image source', describeValue(source));
  if (source['type'] !== 'base64')
    refuse(
      `${path}.source.type`,
      '"base64" (Loupe keeps images in the run; one given by URL cannot be)',
      describeValue(source['type']),
    );
  return {
    type: 'image',
    source: {
      type: 'base64',
      media_type: text(source['media_type'], `${path}.source.media_type`),
      data: text(source['data'], `${path}.source.data`),
    },
  };
}

function readDocument(block: Record<string, unknown>, path: string): ContentBlock & { type: 'document' } {
  const source = block['source'];
  if (isRecord(source) && source['type'] === 'base64' && source['media_type'] === 'application/pdf')
    return {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: text(source['data'], `${path}.source.data`) },
    };
  if (isRecord(source) && source['type'] === 'text')
    return {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: text(source['data'], `${path}.source.data`) },
    };
  return refuse(`${path}.source`, 'a base64 PDF or a plain-text document', describeValue(source));
}

/** A tool result's content: a string, or text / image / document blocks. */
export function readResultContent(value: unknown, path: string): ToolResultContentBlock[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  if (!Array.isArray(value)) refuse(path, 'a string or a list of blocks', describeValue(value));
  return value.map((part, index) => {
    const block = readAnthropicBlock(part, `${path}[${index}]`);
    if (block.type === 'text' || block.type === 'image' || block.type === 'document') return block;
    return refuse(`${path}[${index}].type`, 'text, image or document in a tool result', describeValue(block.type));
  });
}

/**
 * One block of a message. `cache_control` (a cache breakpoint) and `citations` are dropped: the run keeps the
 * conversation, and Loupe places its own breakpoints. A type Loupe does not know is refused, naming it.
 */
export function readAnthropicBlock(value: unknown, path: string): ContentBlock {
  if (!isRecord(value)) refuse(path, 'a content block (an object with a type)', describeValue(value));
  switch (value['type']) {
    case 'text':
      return { type: 'text', text: text(value['text'], `${path}.text`) };
    case 'image':
      return readImage(value, path);
    case 'document':
      return readDocument(value, path);
    case 'thinking':
      return {
        type: 'thinking',
        thinking: text(value['thinking'], `${path}.thinking`),
        signature: typeof value['signature'] === 'string' ? value['signature'] : '',
      };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: text(value['data'], `${path}.data`) };
    case 'tool_use': {
      const input = value['input'];
      if (!isRecord(input)) refuse(`${path}.input`, 'a JSON object (the call’s input)', describeValue(input));
      return {
        type: 'tool_use',
        id: text(value['id'], `${path}.id`),
        name: text(value['name'], `${path}.name`),
        input,
      };
    }
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: text(value['tool_use_id'], `${path}.tool_use_id`),
        content: readResultContent(value['content'], `${path}.content`),
        ...(value['is_error'] === true ? { is_error: true } : {}),
      };
    default:
      return refuse(
        `${path}.type`,
        'a block type Loupe knows (text, image, document, thinking, redacted_thinking, tool_use, tool_result)',
        describeValue(value['type']),
      );
  }
}
