import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseConvertArgs } from './parse-convert-args';
import { runConvertCommand, type ConvertIo } from './run-convert-command';
import { transcriptsToOtlp } from '../engine/otel/transcript-to-otlp';
import type { Transcript } from '../engine/transcript/transcript';

const body = JSON.stringify({
  model: 'claude-sonnet-4-5',
  max_tokens: 10,
  messages: [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'hello' },
  ],
});

function io(files: Record<string, string | Uint8Array>) {
  const written: Record<string, string> = {};
  const out: string[] = [];
  const err: string[] = [];
  const value: ConvertIo = {
    readFile: (path) => {
      const file = files[path];
      if (file === undefined) return Promise.reject(new Error('missing'));
      return Promise.resolve(typeof file === 'string' ? new TextEncoder().encode(file) : file);
    },
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
    const back = io({ 'run.html': html, 'run.json': transcript });
    expect(await convert(['run.html', '--to', 'transcript', '--out', 'back.json'], back.value)).toBe(0);
    // Equal to the transcript as convert reads it (an older version's is upgraded on the way in).
    expect(await convert(['run.json', '--to', 'transcript', '--out', 'read.json'], back.value)).toBe(0);
    expect(JSON.parse(back.written['back.json']!)).toEqual(JSON.parse(back.written['read.json']!));
  });

  it('writes a request body as HAR: the demo rounds sent nothing, so no entries, said in the summary', async () => {
    const run = io({ 'req.json': body });
    expect(await convert(['req.json', '--to', 'har'], run.value)).toBe(0);
    expect(run.out).toEqual(['Wrote req.har: a HAR 1.2 file of 0 model request(s) (from a provider request).']);
    expect(JSON.parse(run.written['req.har']!)).toMatchObject({ log: { version: '1.2', entries: [] } });
  });
});

describe('convert --trace: a file of several agent traces', () => {
  const fixture = JSON.parse(
    readFileSync('test/fixtures/transcripts/v2/demo-weather-clothing.json', 'utf8'),
  ) as Transcript;
  // A second run that stopped after its first round: its trace reads back as one round.
  const second: Transcript = {
    ...fixture,
    runId: 'run_second',
    rounds: fixture.rounds.slice(0, 1),
    messages: fixture.messages.slice(0, 3),
  };
  const otlp = JSON.stringify(transcriptsToOtlp([fixture, second], { content: true, appVersion: 'test' }));
  const traceIds = (
    JSON.parse(otlp) as { resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[] }
  ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => span.traceId)));
  const [firstId, secondId] = [...new Set(traceIds)];

  it('refuses without --trace, naming each trace id and the option; writes nothing', async () => {
    expect(firstId).toBeDefined();
    expect(secondId).toBeDefined();
    const run = io({ 'two.json': otlp });
    expect(await convert(['two.json', '--to', 'transcript'], run.value)).toBe(2);
    const said = run.err.join('\n');
    expect(said).toContain(firstId);
    expect(said).toContain(secondId);
    expect(said).toContain('--trace <id>');
    expect(run.written).toEqual({});
  });

  it('reads the trace --trace names, each to its own run; an id not in the file is refused', async () => {
    const run = io({ 'two.json': otlp });
    expect(await convert(['two.json', '--to', 'transcript', '--trace', firstId!, '--out', 'a.json'], run.value)).toBe(
      0,
    );
    expect(await convert(['two.json', '--to', 'transcript', '--trace', secondId!, '--out', 'b.json'], run.value)).toBe(
      0,
    );
    const read = (name: string) => JSON.parse(run.written[name]!) as Transcript;
    expect(read('a.json').rounds).toHaveLength(fixture.rounds.length);
    expect(read('b.json').rounds).toHaveLength(second.rounds.length);
    expect(read('a.json').messages).not.toEqual(read('b.json').messages);
    expect(await convert(['two.json', '--to', 'transcript', '--trace', 'ab'.repeat(16)], run.value)).toBe(2);
    expect(run.err.join('\n')).toContain(`the trace ${'ab'.repeat(16)}`);
    expect(await convert(['two.json', '--to', 'transcript', '--trace'], run.value)).toBe(2);
    expect(run.err.at(-1)).toBe('--trace needs a value.');
  });

  it('refuses --trace on a file that is not OpenTelemetry', async () => {
    const run = io({ 'req.json': body });
    expect(await convert(['req.json', '--to', 'transcript', '--trace', firstId!], run.value)).toBe(2);
    expect(run.err.join('\n')).toContain('--trace picks a trace of an OpenTelemetry file');
  });
});
