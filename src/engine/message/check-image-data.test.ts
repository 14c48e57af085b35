import { describe, expect, it } from 'vitest';
import { checkImageData, formatBytes, isPdfBase64, sniffImageType } from './check-image-data';

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

describe('checkImageData', () => {
  it('accepts a real PNG, drops line breaks and corrects a declared type the bytes contradict', () => {
    const wrapped = `${png.slice(0, 40)}\r\n${png.slice(40)}`;
    expect(checkImageData('image/jpeg', wrapped, 1000)).toEqual({
      ok: true,
      data: png,
      mediaType: 'image/png',
      bytes: 70,
    });
  });

  it.each([
    ['image/svg+xml', png, 'only PNG, JPEG, GIF and WebP'],
    ['image/png', '', 'the image is empty'],
    ['image/png', 'iVBORw0KGgo', 'not valid base64'],
    ['image/png', 'iVBO!w0KGgoA', 'not valid base64'],
    ['image/png', 'iVBORw0KGgo=A', 'not valid base64'],
    ['image/png', 'aGVsbG8gd29ybGQh', 'not a PNG, JPEG, GIF or WebP'],
  ])('refuses %s %j: %s', (type, data, reason) => {
    const checked = checkImageData(type, data, 1000);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(reason);
  });

  it('refuses an image over the cap before scanning it', () => {
    const huge = 'A'.repeat(8_000_000);
    const checked = checkImageData('image/png', huge, 1000);
    expect(checked).toEqual({ ok: false, bytes: 6_000_000, reason: 'larger than the 1000 bytes allowed per image' });
  });

  it('scans a large valid image in linear time', () => {
    const big = png.slice(0, 12) + 'A'.repeat(4_000_000);
    expect(checkImageData('image/png', big, 4_000_000).ok).toBe(true);
  });

  it('knows the four signatures', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImageType(ascii('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(ascii('RIFF\u0000\u0000\u0000\u0000WEBP'))).toBe('image/webp');
    expect(sniffImageType(ascii('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeUndefined();
    expect(isPdfBase64('JVBERi0xLjQ=')).toBe(true);
    expect(isPdfBase64('JVBERi0x!LjQ=')).toBe(false);
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});
