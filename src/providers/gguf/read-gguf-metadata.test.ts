import { describe, expect, it } from 'vitest';
import { GgufFormatError, readGgufMetadata } from './read-gguf-metadata';
import { TINY_CHAT_TEMPLATE, writeTinyGguf } from './testing/write-tiny-gguf';

describe('readGgufMetadata', () => {
  it('reads what the tiny GGUF writer wrote', () => {
    const bytes = writeTinyGguf({ contextLength: 512, name: 'tiny' });
    const summary = readGgufMetadata(bytes);
    expect(summary).toMatchObject({
      version: 3,
      tensorCount: 12,
      architecture: 'llama',
      name: 'tiny',
      contextLength: 512,
      chatTemplate: TINY_CHAT_TEMPLATE,
    });
    expect(summary.metadata['tokenizer.ggml.tokens']).toEqual({ arrayLength: 259 });
    expect(summary.metadata['tokenizer.ggml.add_bos_token']).toBe(true);
    // Header, 12 tensor descriptions and about 32k F32 weights: small enough for a test fixture.
    expect(bytes.length).toBeLessThan(200_000);
    expect(Buffer.from(writeTinyGguf({ contextLength: 512, name: 'tiny' })).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses other files and cut or hostile headers in plain words', () => {
    expect(() => readGgufMetadata(new TextEncoder().encode('<html>'))).toThrow(/not a GGUF/);
    const bytes = writeTinyGguf();
    expect(() => readGgufMetadata(bytes.subarray(0, 200))).toThrow(GgufFormatError);
    const hostile = bytes.slice();
    new DataView(hostile.buffer).setBigUint64(16, 1n << 40n, true); // the key count
    expect(() => readGgufMetadata(hostile)).toThrow(/more than 4096 metadata keys/);
  });
});
