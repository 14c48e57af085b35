import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseConvertArgs } from './parse-convert-args';
import { runConvertCommand, type ConvertIo } from './run-convert-command';

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

/** Parses `argv` as the CLI does and runs it; a command line the parser refuses exits 2 with its message. */
async function convert(argv: string[], io: ConvertIo): Promise<number> {
  const parsed = parseConvertArgs(argv);
  if (!parsed.ok) {
    io.err(parsed.message);
    return 2;
  }
  return runConvertCommand(parsed.value, io);
}

describe('convert --to transcript', () => {
  it('writes a provider request body as a Loupe transcript', async () => {
    const run = io({ 'req.json': body });
    expect(await convert(['req.json', '--to', 'transcript', '--out', 't.json'], run.value)).toBe(0);
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
    expect(await convert(['x.json', '--to', 'transcript'], run.value)).toBe(2);
    expect(run.err.join('\n')).toContain('messages: expected a non-empty list of messages');
    const before = run.err.length;
    expect(await convert(['req.json', '--to', 'pdf'], run.value)).toBe(2);
    expect(run.err[before]).toContain('--to takes transcript, html, har, otlp');
    expect(await convert(['req.json', '--to', 'transcript'], run.value)).toBe(2);
    expect(run.out).toEqual([]);
    expect(run.written).toEqual({});
  });

  it('writes a provider request as OpenTelemetry spans too: every input goes through the same transcript', async () => {
    const run = io({ 'req.json': body });
    expect(await convert(['req.json', '--to', 'otlp', '--out', 'o.json'], run.value)).toBe(0);
    expect(run.written['o.json']).toContain('invoke_agent Loupe');
    expect(run.out[0]).toMatch(/^Wrote o\.json: \d+ spans \(from a provider request\)\.$/);
  });

  it('reads an OTLP/JSON GenAI trace back into a transcript, and refuses a trace with a parent cycle', async () => {
    const first = io({ 'req.json': body });
    expect(await convert(['req.json', '--to', 'otlp', '--content', '--out', 'o.json'], first.value)).toBe(0);
    const otlp = first.written['o.json']!;
    const looped = JSON.parse(otlp) as {
      resourceSpans: { scopeSpans: { spans: { spanId: string; parentSpanId?: string }[] }[] }[];
    };
    const root = looped.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    root.parentSpanId = root.spanId;
    const run = io({ 'o.json': otlp, 'bad.json': JSON.stringify(looped) });
    expect(await convert(['o.json', '--to', 'transcript', '--out', 't.json'], run.value)).toBe(0);
    const transcript = JSON.parse(run.written['t.json']!) as { rounds: { response: { content: unknown } }[] };
    expect(transcript.rounds).toHaveLength(1);
    expect(transcript.rounds[0]!.response.content).toEqual([{ type: 'text', text: 'hello' }]);
    expect(run.out[0]).toContain('from an OpenTelemetry trace');
    expect(await convert(['bad.json', '--to', 'transcript', '--out', 'b.json'], run.value)).toBe(2);
    expect(run.err.join('\n')).toContain('a parent chain that ends at a root span');
    expect(run.written['b.json']).toBeUndefined();
  });
});

describe('convert --to html and --to har (the same FORMATS table)', () => {
  const transcript = JSON.stringify(
    JSON.parse(readFileSync('test/fixtures/transcripts/v3/demo-weather-clothing.json', 'utf8')),
  );
  it('writes one HTML file beside the input, and reads that file back to the same transcript', async () => {
    const run = io({ 'run.json': transcript });
    expect(await convert(['run.json', '--to', 'html'], run.value)).toBe(0);
    expect(run.out).toEqual([
      'Wrote run.html: one HTML file of 3 round(s), readable offline (from a Loupe transcript).',
    ]);
    const html = run.written['run.html']!;
    expect(html).toMatch(/^<!doctype html>/);
    const back = io({ 'run.html': html });
    expect(await convert(['run.html', '--to', 'transcript', '--out', 'back.json'], back.value)).toBe(0);
    expect(JSON.parse(back.written['back.json']!)).toEqual(JSON.parse(transcript));
  });

  it('writes a request body as HAR: the demo rounds sent nothing, so no entries, said in the summary', async () => {
    const run = io({ 'req.json': body });
    expect(await convert(['req.json', '--to', 'har'], run.value)).toBe(0);
    expect(run.out).toEqual(['Wrote req.har: a HAR 1.2 file of 0 model request(s) (from a provider request).']);
    expect(JSON.parse(run.written['req.har']!)).toMatchObject({ log: { version: '1.2', entries: [] } });
  });
});
