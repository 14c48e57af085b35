import { describe, expect, it } from 'vitest';
import { runConvertCommand, type ConvertIo } from './convert-command';

const body = JSON.stringify({
  model: 'claude-sonnet-4-5',
  max_tokens: 10,
  messages: [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'hello' },
  ],
});

function io(files: Record<string, string>) {
  const written: Record<string, string> = {};
  const out: string[] = [];
  const err: string[] = [];
  const value: ConvertIo = {
    readFile: (path) => (path in files ? Promise.resolve(files[path]!) : Promise.reject(new Error('missing'))),
    writeFile: (path, text) => Promise.resolve(void (written[path] = text)),
    out: (text) => out.push(text),
    err: (line) => err.push(line),
    appVersion: 'test',
    now: () => 0,
  };
  return { value, written, out, err };
}

describe('convert --to transcript', () => {
  it('writes a provider request body as a Loupe transcript', async () => {
    const run = io({ 'req.json': body });
    expect(await runConvertCommand(['req.json', '--to', 'transcript', '--out', 't.json'], run.value)).toBe(0);
    const transcript = JSON.parse(run.written['t.json']!) as {
      format: string;
      rounds: unknown[];
      finishReason: string;
    };
    expect(transcript).toMatchObject({ format: 'loupe-transcript', finishReason: 'end_turn' });
    expect(transcript.rounds).toHaveLength(1);
  });

  it('refuses a bad request with its problem, and an unknown format with the usage', async () => {
    const run = io({ 'req.json': body.slice(0, 30), 'x.json': '{"model":"m","messages":[]}' });
    expect(await runConvertCommand(['x.json', '--to', 'transcript'], run.value)).toBe(2);
    expect(run.err[0]).toContain('messages: expected a non-empty list of messages');
    expect(await runConvertCommand(['req.json', '--to', 'pdf'], run.value)).toBe(2);
    expect(run.err[1]).toContain('--to transcript');
    expect(run.out).toEqual([]);
  });
});
