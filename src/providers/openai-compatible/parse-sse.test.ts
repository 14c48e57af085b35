import { describe, expect, it } from 'vitest';
import { createSseParser, readSseData, SseLimitError } from './parse-sse';

function pieces(...parts: string[]): Iterable<Uint8Array> {
  return parts.map((part) => new TextEncoder().encode(part));
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of stream) out.push(data);
  return out;
}

describe('createSseParser', () => {
  it('reads events split at any point, CRLF halves across pieces included', () => {
    const text = 'data: {"a":1}\r\n\r\n: comment\nevent: x\ndata: one\ndata: two\n\ndata:three\r\r';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const parser = createSseParser();
      const out = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut)), ...parser.end()];
      expect(out).toEqual(['{"a":1}', 'one\ntwo', 'three']);
    }
  });

  it('refuses a line that never ends once it passes the bound, in time linear in what came', () => {
    const parser = createSseParser({ maxEventChars: 1000 });
    expect(parser.push('data: ok\n\n')).toEqual(['ok']);
    expect(() => {
      for (let index = 0; index < 200; index += 1) parser.push('x'.repeat(10));
    }).toThrow(new SseLimitError('A line of the stream is longer than 1,000 characters'));
  });

  it('refuses an event whose data lines never stop (no blank line to dispatch it)', () => {
    const parser = createSseParser({ maxEventChars: 1000 });
    expect(() => {
      for (let index = 0; index < 200; index += 1) parser.push('data: 0123456789\n');
    }).toThrow(new SseLimitError('An event of the stream is longer than 1,000 characters'));
  });

  it('keeps a long line well inside the bound whole', () => {
    const long = 'y'.repeat(50_000);
    const parser = createSseParser({ maxEventChars: 100_000 });
    const out: string[] = [];
    for (let index = 0; index < long.length; index += 1_000)
      out.push(...parser.push(`${index === 0 ? 'data: ' : ''}${long.slice(index, index + 1_000)}`));
    out.push(...parser.push('\n\n'));
    expect(out).toEqual([long]);
  });
});

describe('readSseData', () => {
  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode('data: é€😀\n\n');
    const oneByteAtATime = [...bytes].map((byte) => Uint8Array.of(byte));
    expect(await collect(readSseData(oneByteAtATime))).toEqual(['é€😀']);
  });

  it('stops a stream that passes the byte bound, even one made only of events it reads', async () => {
    const events = Array.from({ length: 50 }, () => 'data: {}\n\n');
    await expect(collect(readSseData(pieces(...events), { maxStreamBytes: 100 }))).rejects.toThrow(
      new SseLimitError('The stream is longer than 100 bytes'),
    );
  });
});
