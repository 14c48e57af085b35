import { describe, expect, it } from 'vitest';
import { checkGgufFile } from './check-gguf-file';
import { writeTinyGguf } from '../../providers/gguf/testing/write-tiny-gguf';

/** A GGUF v3 header claiming `keys` metadata keys and nothing after (what a hostile file can say). */
function headerClaiming(keys: bigint, tensors = 0n): Blob {
  const bytes = new Uint8Array(24);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('GGUF'));
  view.setUint32(4, 3, true);
  view.setBigUint64(8, tensors, true);
  view.setBigUint64(16, keys, true);
  return new Blob([bytes]);
}

describe('checkGgufFile', () => {
  it('reads the tiny model the suite writes: architecture, context length, template', async () => {
    const summary = await checkGgufFile(new Blob([writeTinyGguf({ contextLength: 3000 }).slice()]), 'tiny.gguf');
    expect(summary).toMatchObject({ architecture: 'llama', contextLength: 3000 });
    expect(summary?.chatTemplate).toContain('<|im_start|>');
  });

  it('refuses an empty file, a file that is not a GGUF, and absurd counts, in words', async () => {
    await expect(checkGgufFile(new Blob([]), 'empty.gguf')).rejects.toThrow('empty.gguf is empty (0 bytes)');
    await expect(checkGgufFile(new Blob(['<html>404</html>']), 'page.gguf')).rejects.toThrow(
      'page.gguf is not a GGUF model Loupe can load: it does not start with "GGUF"',
    );
    await expect(checkGgufFile(headerClaiming(2n ** 40n), 'keys.gguf')).rejects.toThrow(/more than 4096 metadata keys/);
    await expect(checkGgufFile(headerClaiming(2n ** 63n), 'huge.gguf')).rejects.toThrow(/impossibly large/);
    await expect(checkGgufFile(headerClaiming(3n), 'cut.gguf')).rejects.toThrow(/ends inside its header/);
  });
});
