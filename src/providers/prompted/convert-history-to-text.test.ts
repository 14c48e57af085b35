import { describe, expect, it } from 'vitest';
import { convertHistoryToText } from './convert-history-to-text';
import { pdfCallTurns } from '../../engine/testing/pdf-call-turns';

describe('convertHistoryToText', () => {
  it('drops redacted thinking and names a PDF result with its size', () => {
    const converted = convertHistoryToText(
      pdfCallTurns('c1', [
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' } },
      ]),
    );
    expect(converted).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: '{"name":"pdf","arguments":{}}' }] },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: "Result of pdf (call c1):\n[PDF document: 8 bytes — this model's API takes no documents in tool results]",
          },
        ],
      },
    ]);
  });
});
