import { describe, expect, it } from 'vitest';
import { base64ByteLength, convertToolResult } from './convert-tool-result';

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe('convertToolResult', () => {
  it('keeps text and passes supported images as image blocks, typed by their bytes', () => {
    const output = convertToolResult({
      content: [
        { type: 'text', text: 'A pixel:' },
        { type: 'image', data: png, mimeType: 'image/png' },
        { type: 'image', data: png, mimeType: 'image/webp' },
      ],
    });
    expect(output.content).toEqual([
      { type: 'text', text: 'A pixel:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
    ]);
    expect(output.isError).toBeUndefined();
  });

  it('turns other image types and audio into notes with type and size', () => {
    const output = convertToolResult({
      content: [
        { type: 'image', data: 'AAAA', mimeType: 'image/svg+xml' },
        { type: 'audio', data: 'AAAAAA==', mimeType: 'audio/wav' },
      ],
    });
    expect(output.content[0]).toEqual({
      type: 'text',
      text: expect.stringContaining('[image: image/svg+xml, 3 bytes') as string,
    });
    expect(output.content[1]).toEqual({ type: 'text', text: '[audio: audio/wav, 4 bytes]' });
  });

  it('converts resources and resource links to text', () => {
    const output = convertToolResult({
      content: [
        { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' } },
        { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
        { type: 'resource_link', uri: 'https://x.test/r.pdf', name: 'r.pdf', mimeType: 'application/pdf' },
      ],
    });
    expect(output.content.map((block) => (block.type === 'text' ? block.text : block.type))).toEqual([
      '[resource: file:///a.txt, text/plain]\nhello',
      '[resource: file:///b.bin, binary, 3 bytes, binary content not shown]',
      '[resource link: r.pdf — https://x.test/r.pdf (application/pdf)]',
    ]);
  });

  it('turns an embedded PDF blob into a document block, and an empty one into a note', () => {
    const { content } = convertToolResult({
      content: [
        { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'Application/PDF', blob: 'JVBERi0x\nLjQ=' } },
        { type: 'resource', resource: { uri: 'file:///empty.pdf', mimeType: 'application/pdf', blob: '' } },
      ],
    });
    expect(content).toEqual([
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' } },
      { type: 'text', text: '[resource: file:///empty.pdf, application/pdf, 0 bytes, binary content not shown]' },
    ]);
  });

  it('adds structuredContent as JSON only when no text part already carries it', () => {
    const structured = { a: 1, b: [true] };
    const added = convertToolResult({ content: [{ type: 'text', text: 'Summary' }], structuredContent: structured });
    expect(added.content).toEqual([
      { type: 'text', text: 'Summary' },
      { type: 'text', text: '{"a":1,"b":[true]}' },
    ]);
    expect(added.structured).toEqual(structured);
    const carried = convertToolResult({
      content: [{ type: 'text', text: '{ "a": 1, "b": [ true ] }' }],
      structuredContent: structured,
    });
    expect(carried.content).toHaveLength(1);
    expect(convertToolResult({ content: [], structuredContent: structured }).content).toEqual([
      { type: 'text', text: '{"a":1,"b":[true]}' },
    ]);
  });

  it('never fails the whole result for a bad or unknown part', () => {
    const output = convertToolResult({
      content: [{ type: 'text', text: 'ok' }, { type: 'video', data: 'x' }, null, { type: 'resource' }, 'junk'],
    });
    expect(output.content).toHaveLength(5);
    expect(output.content[0]).toEqual({ type: 'text', text: 'ok' });
    expect(output.content[1]).toEqual({ type: 'text', text: '[unsupported content part: video]' });
    expect(output.content[2]).toEqual({ type: 'text', text: '[content part 3 could not be read: not an object]' });
    expect(output.content[3]).toEqual({
      type: 'text',
      text: '[content part 4 could not be read: resource part without a resource]',
    });
  });

  it('passes isError through and tolerates a malformed result', () => {
    expect(convertToolResult({ content: [{ type: 'text', text: 'bad' }], isError: true })).toEqual({
      content: [{ type: 'text', text: 'bad' }],
      isError: true,
    });
    expect(convertToolResult(undefined)).toEqual({
      content: [{ type: 'text', text: '[the server answered with something that is not a tool result]' }],
    });
    expect(convertToolResult({ toolResult: { v: 1 } }).content).toEqual([{ type: 'text', text: '{"v":1}' }]);
  });

  it('computes base64 sizes', () => {
    expect(base64ByteLength('')).toBe(0);
    expect(base64ByteLength('AA==')).toBe(1);
    expect(base64ByteLength(png)).toBe(70);
  });
});
