// Test fixture for the converters' tests: a turn that opens with redacted thinking and calls a `pdf` tool, and the
// turn that answers it. Pure.
import type { Message, ToolResultContentBlock } from '../message/message';

/** The assistant turn (redacted thinking `opaque==`, then call `id` of `pdf`) and the user turn with its result. */
export function pdfCallTurns(id: string, content: ToolResultContentBlock[]): Message[] {
  return [
    {
      role: 'assistant',
      content: [
        { type: 'redacted_thinking', data: 'opaque==' },
        { type: 'tool_use', id, name: 'pdf', input: {} },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] },
  ];
}
