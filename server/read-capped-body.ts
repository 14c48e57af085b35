// Reads a request body up to a byte cap, so a page that streams gigabytes at a local server cannot fill its
// memory. Over the cap: the rest is not read and the caller answers 413 and closes the connection.
import type { IncomingMessage } from 'node:http';

/** The body, or `'too-large'` when it (or its declared Content-Length) exceeds `maxBytes`. */
export function readCappedBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        request.off('data', onData);
        request.pause();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}
