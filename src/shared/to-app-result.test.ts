import { describe, expect, it } from 'vitest';
import { toAppResult } from './to-app-result';

describe('toAppResult', () => {
  it('hands back the JSON text Loupe added as structuredContent, and images as MCP images', () => {
    const result = toAppResult(
      [
        { type: 'text', text: '2026-11-30T19:00:00Z' },
        { type: 'text', text: '{"time":"2026-11-30T19:00:00Z"}' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
      ],
      false,
    );
    expect(result.structuredContent).toEqual({ time: '2026-11-30T19:00:00Z' });
    expect(result.content[2]).toEqual({ type: 'image', data: 'AAAA', mimeType: 'image/png' });
    expect(result.isError).toBeUndefined();
  });

  it("hands the server's own structuredContent when the worker kept it, whatever the text says", () => {
    const result = toAppResult([{ type: 'text', text: '{"shown":"to the model"}' }], false, { real: [1, 2] });
    expect(result.structuredContent).toEqual({ real: [1, 2] });
    expect(result.content).toEqual([{ type: 'text', text: '{"shown":"to the model"}' }]);
  });

  it('gives no structuredContent for text that only looks like JSON, or an array', () => {
    expect(toAppResult([{ type: 'text', text: '{not json' }], true)).toEqual({
      content: [{ type: 'text', text: '{not json' }],
      isError: true,
    });
    expect(toAppResult([{ type: 'text', text: '[1]' }], false).structuredContent).toBeUndefined();
  });
});
