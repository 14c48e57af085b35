import { describe, expect, it } from 'vitest';
import type { ImageBlock, Message } from './message';
import { guardRequestMedia } from './guard-request-media';

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const image = (data = png, type = 'image/png'): ImageBlock => ({
  type: 'image',
  source: { type: 'base64', media_type: type, data },
});
const resultWith = (id: string, block: ImageBlock): Message => ({
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: id }, block] }],
});

describe('guardRequestMedia', () => {
  it('returns media-free messages as they are', () => {
    const messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }];
    const guarded = guardRequestMedia(messages);
    expect(guarded.notes).toEqual([]);
    expect(guarded.messages[0]).toBe(messages[0]);
  });

  it('replaces a bad image inside a tool result with a note and keeps the rest', () => {
    const guarded = guardRequestMedia([resultWith('a', image('%%%'))]);
    expect(guarded.notes).toHaveLength(1);
    expect(guarded.messages[0]?.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'a',
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: '[left out: an image (image/png, 2 bytes): its data is not valid base64]' },
      ],
    });
  });

  it('keeps the newest media within the request total', () => {
    const guarded = guardRequestMedia([resultWith('old', image()), resultWith('new', image())], {
      maxImageBytes: 1000,
      maxTotalBytes: 100,
    });
    const kinds = guarded.messages.map((message) =>
      message.content.flatMap((block) => (block.type === 'tool_result' ? block.content.map((part) => part.type) : [])),
    );
    expect(kinds).toEqual([
      ['text', 'text'],
      ['text', 'image'],
    ]);
    expect(guarded.notes[0]).toContain("the request's media would pass 100 bytes");
  });
});
