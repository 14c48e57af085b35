import { describe, expect, it } from 'vitest';
import type { ToolResultContentBlock } from '../message/message';
import { buildToolResult } from './build-tool-result';

const pdf: ToolResultContentBlock = {
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' },
};

describe('buildToolResult', () => {
  it('keeps a document in a successful result', () => {
    expect(buildToolResult({ callId: 'c1', name: 'pdf', status: 'ok', content: [pdf] }).content).toEqual([pdf]);
  });

  it('turns a document in an error result into a note, as it does images', () => {
    const result = buildToolResult({
      callId: 'c1',
      name: 'pdf',
      status: 'tool-error',
      content: [{ type: 'text', text: 'Failed.' }, pdf],
    });
    expect(result).toEqual({
      type: 'tool_result',
      tool_use_id: 'c1',
      is_error: true,
      content: [
        { type: 'text', text: 'Failed.' },
        { type: 'text', text: '[application/pdf document omitted from an error result]' },
      ],
    });
  });
});
