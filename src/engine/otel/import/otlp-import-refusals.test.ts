// Hostile and broken OTLP input: each refused (or bounded) with a problem that names what is wrong, never a throw.
import { describe, expect, it } from 'vitest';
import { importOtlp, type OtlpImportOutcome } from './import-otlp';
import { span, traceRequest } from './otlp-test-builders.test-helper';
import { MAX_SPANS } from './read-otlp-json';

const options = { runId: 'r', app: { name: 'Loupe', version: '0.1.0' } };
const chat = { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'm' };
const fromJson = (value: unknown): OtlpImportOutcome => importOtlp([{ text: JSON.stringify(value) }], options);

function problemOf(outcome: OtlpImportOutcome): string {
  if (outcome.kind !== 'refused') throw new Error(`expected a refusal, got ${outcome.kind}`);
  const [problem] = outcome.problems;
  return `${problem!.path}: expected ${problem!.expected}, got ${problem!.got}`;
}

describe('importOtlp refuses broken and hostile files', () => {
  it('a cycle in parent ids', () => {
    const a = span('aaaaaaaaaaaaaaaa', 'chat m', chat, { parentSpanId: 'bbbbbbbbbbbbbbbb' });
    const b = span('bbbbbbbbbbbbbbbb', 'x', {}, { parentSpanId: 'aaaaaaaaaaaaaaaa' });
    expect(problemOf(fromJson(traceRequest([a, b])))).toMatch(
      /parentSpanId: expected a parent chain that ends at a root span, got a loop/,
    );
  });

  it('a span that is its own parent', () => {
    const a = span('aaaaaaaaaaaaaaaa', 'chat m', chat, { parentSpanId: 'aaaaaaaaaaaaaaaa' });
    expect(problemOf(fromJson(traceRequest([a])))).toMatch(/loop back to span aaaaaaaaaaaaaaaa/);
  });

  it('ids in base64 (protobuf JSON), not hex', () => {
    const a = span('AAAAAAAAAAA=', 'chat m', chat);
    expect(problemOf(fromJson(traceRequest([a])))).toMatch(/spanId: expected 16 hex digits, got base64/);
  });

  it('wrong types: spans not a list, a time that is not a number, an attribute without a key', () => {
    expect(problemOf(fromJson({ resourceSpans: [{ scopeSpans: [{ spans: 'many' }] }] }))).toMatch(
      /spans: expected a list, got string/,
    );
    const badTime = span('aaaaaaaaaaaaaaaa', 'chat m', chat, { startTimeUnixNano: 'yesterday' });
    expect(problemOf(fromJson(traceRequest([badTime])))).toMatch(/startTimeUnixNano: expected nanoseconds/);
    const badAttribute = span('aaaaaaaaaaaaaaaa', 'chat m', {}, { attributes: [{ value: { stringValue: 'x' } }] });
    expect(problemOf(fromJson(traceRequest([badAttribute])))).toMatch(
      /attributes\[0\]: expected an attribute with a string key/,
    );
  });

  it('values nested too deep', () => {
    let value: Record<string, unknown> = { stringValue: 'deep' };
    for (let depth = 0; depth < 40; depth += 1) value = { arrayValue: { values: [value] } };
    const deep = span('aaaaaaaaaaaaaaaa', 'chat m', chat, { attributes: [{ key: 'gen_ai.operation.name', value }] });
    expect(problemOf(fromJson(traceRequest([deep])))).toMatch(/expected values nested at most 16 deep/);
  });

  it('more spans than the cap', () => {
    const many = Array.from({ length: MAX_SPANS + 1 }, (_, index) => ({ spanId: index }));
    expect(problemOf(fromJson(traceRequest(many)))).toMatch(/\(file\): expected at most 20,000 spans/);
  });

  it('spans without GenAI attributes, and a file with no spans', () => {
    expect(problemOf(fromJson(traceRequest([span('aaaaaaaaaaaaaaaa', 'GET /', { 'http.method': 'GET' })])))).toMatch(
      /expected OpenTelemetry GenAI spans .*got 1 spans, none of them a model call/,
    );
    expect(problemOf(fromJson({ resourceSpans: [] }))).toMatch(/got no spans at all/);
  });

  it('the same span id twice in a trace', () => {
    const a = span('aaaaaaaaaaaaaaaa', 'chat m', chat);
    expect(problemOf(fromJson(traceRequest([a, a])))).toMatch(/expected span ids unique within their trace/);
  });

  it('a JSON-lines file with a line that is not an export request', () => {
    const line = JSON.stringify(traceRequest([span('aaaaaaaaaaaaaaaa', 'chat m', chat)]));
    expect(problemOf(importOtlp([{ text: `${line}\n{"resourceSpans": [}\n` }], options))).toMatch(
      /^line 2: expected one OTLP\/JSON export request per line/,
    );
  });

  it('protobuf cut short, with a length past its end, or nested past the bound', () => {
    // Field 1 (resource_spans), length 50, but only 3 bytes follow.
    expect(problemOf(importOtlp([{ bytes: new Uint8Array([0x0a, 50, 1, 2, 3]) }], options))).toMatch(
      /a length past its end/,
    );
    // AnyValue → ArrayValue → AnyValue … nested 60 deep inside one attribute.
    let value: Uint8Array = new Uint8Array([0x0a, 0x01, 0x78]); // AnyValue { string_value: "x" }
    const wrap = (field: number, body: Uint8Array): Uint8Array =>
      new Uint8Array([(field << 3) | 2, ...varint(body.length), ...body]);
    for (let depth = 0; depth < 60; depth += 1) value = wrap(5, wrap(1, value));
    const keyValue = new Uint8Array([...wrap(1, new TextEncoder().encode('k')), ...wrap(2, value)]);
    const spanBytes = new Uint8Array([
      ...wrap(1, new Uint8Array(16).fill(1)),
      ...wrap(2, new Uint8Array(8).fill(2)),
      ...wrap(9, keyValue),
    ]);
    const request = wrap(1, wrap(2, wrap(2, spanBytes)));
    expect(problemOf(importOtlp([{ bytes: request }], options))).toMatch(/nested at most/);
  });

  it('notes spans whose parent is missing, and imports the rest', () => {
    const orphan = span(
      'aaaaaaaaaaaaaaaa',
      'chat m',
      {
        ...chat,
        'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'hi' }] }]),
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'hello' }], finish_reason: 'stop' },
        ]),
      },
      { parentSpanId: 'cccccccccccccccc' },
    );
    const outcome = fromJson(traceRequest([orphan]));
    if (outcome.kind !== 'transcript') throw new Error(outcome.kind);
    expect(outcome.notes.join(' ')).toMatch(/1 span\(s\) name a parent that is not in the file/);
    expect(outcome.transcript.rounds[0]!.response!.content).toEqual([{ type: 'text', text: 'hello' }]);
  });
});

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}
