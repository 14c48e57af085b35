// Pure: checks base64 media (images, PDFs) before it may reach a model. No I/O.

/** Image types every provider Loupe speaks to accepts in a tool result; anything else becomes a text note. */
export const supportedImageTypes: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The outcome of `checkImageData`: a clean image (its data without whitespace, its real type) or why not. */
export type ImageCheck =
  { ok: true; data: string; mediaType: string; bytes: number } | { ok: false; reason: string; bytes: number };

// Line breaks are common in base64 from servers (MIME style); anything else outside the alphabet is not base64.
const whitespace = /[\r\n\t ]/g;
/** Base64 with the standard alphabet, whole quads and correct padding, nothing else. */
export const strictBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decoded size of base64 data, without decoding it (whitespace ignored). */
export function base64ByteLength(data: string): number {
  const trimmed = data.replace(/\s/g, '');
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

/** The first bytes of base64 `data` (it must already be valid). */
function leadingBytes(data: string, count: number): Uint8Array {
  const chars = Math.min(data.length, Math.ceil(count / 3) * 4);
  const binary = atob(data.slice(0, chars));
  return Uint8Array.from(binary.slice(0, count), (char) => char.charCodeAt(0));
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean =>
  prefix.every((value, index) => bytes[offset + index] === value);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes themselves say (magic numbers), or undefined when they are none of the four. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/**
 * Checks an image part: a type the providers accept, at most `maxBytes` decoded, strict base64 (alphabet,
 * length, padding; line breaks are dropped) and bytes that really are a PNG, JPEG, GIF or WebP. A declared
 * type that disagrees with the bytes is corrected to what the bytes are (the Messages API refuses a
 * mismatch). Cheap checks come first, so a 20 MB image over the cap is refused without being scanned.
 */
export function checkImageData(declaredType: string, raw: string, maxBytes: number): ImageCheck {
  const declared = declaredType.toLowerCase();
  const estimate = base64ByteLength(raw);
  if (!supportedImageTypes.includes(declared))
    return { ok: false, bytes: estimate, reason: 'only PNG, JPEG, GIF and WebP images can be passed on' };
  if (estimate > maxBytes)
    return { ok: false, bytes: estimate, reason: `larger than the ${formatBytes(maxBytes)} allowed per image` };
  const data = raw.replace(whitespace, '');
  if (data === '') return { ok: false, bytes: 0, reason: 'the image is empty' };
  if (!strictBase64.test(data)) return { ok: false, bytes: estimate, reason: 'its data is not valid base64' };
  const sniffed = sniffImageType(leadingBytes(data, 12));
  if (sniffed === undefined)
    return { ok: false, bytes: estimate, reason: `its bytes are not a PNG, JPEG, GIF or WebP image` };
  return { ok: true, data, mediaType: sniffed, bytes: base64ByteLength(data) };
}

/** "5 MB", "300 KB", "12 bytes": sizes as a person reads them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Whether `data` (whitespace already removed) is base64 of a PDF: strict alphabet and the `%PDF-` signature. */
export function isPdfBase64(data: string): boolean {
  return data.startsWith('JVBERi0') && strictBase64.test(data);
}
