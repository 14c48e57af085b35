// Pure: OTLP protobuf (`ExportTraceServiceRequest` or `ExportLogsServiceRequest`, opentelemetry-proto v1) decoded
// into the OTLP/JSON shape, so one reader checks both encodings. Hand-written over the wire format: the fields
// read are few, and every length, nesting level and count is bounded here (a hostile file cannot recurse or
// allocate past them). Unknown fields are skipped, as protobuf says.
import { refuseOtlp } from './otlp-import-error';
import { MAX_VALUE_DEPTH } from './read-any-value';

type FieldKind = 'message' | 'string' | 'bytes-hex' | 'varint' | 'int64' | 'fixed64' | 'double';
interface Field {
  name: string;
  kind: FieldKind;
  repeated?: boolean;
  type?: string;
}
type Schema = Record<number, Field>;

const m = (name: string, type: string, repeated = false): Field => ({ name, kind: 'message', type, repeated });
const f = (name: string, kind: FieldKind): Field => ({ name, kind });

const SCHEMAS: Record<string, Schema> = {
  TraceRequest: { 1: m('resourceSpans', 'ResourceSpans', true) },
  LogsRequest: { 1: m('resourceLogs', 'ResourceLogs', true) },
  ResourceSpans: { 1: m('resource', 'Resource'), 2: m('scopeSpans', 'ScopeSpans', true) },
  ResourceLogs: { 1: m('resource', 'Resource'), 2: m('scopeLogs', 'ScopeLogs', true) },
  Resource: { 1: m('attributes', 'KeyValue', true) },
  ScopeSpans: { 1: m('scope', 'Scope'), 2: m('spans', 'Span', true) },
  ScopeLogs: { 1: m('scope', 'Scope'), 2: m('logRecords', 'LogRecord', true) },
  Scope: { 1: f('name', 'string'), 2: f('version', 'string') },
  Span: {
    1: f('traceId', 'bytes-hex'),
    2: f('spanId', 'bytes-hex'),
    4: f('parentSpanId', 'bytes-hex'),
    5: f('name', 'string'),
    6: f('kind', 'varint'),
    7: f('startTimeUnixNano', 'fixed64'),
    8: f('endTimeUnixNano', 'fixed64'),
    9: m('attributes', 'KeyValue', true),
    11: m('events', 'Event', true),
    15: m('status', 'Status'),
  },
  Event: { 1: f('timeUnixNano', 'fixed64'), 2: f('name', 'string'), 3: m('attributes', 'KeyValue', true) },
  Status: { 2: f('message', 'string'), 3: f('code', 'varint') },
  LogRecord: {
    1: f('timeUnixNano', 'fixed64'),
    5: m('body', 'AnyValue'),
    6: m('attributes', 'KeyValue', true),
    9: f('traceId', 'bytes-hex'),
    10: f('spanId', 'bytes-hex'),
    11: f('observedTimeUnixNano', 'fixed64'),
    12: f('eventName', 'string'),
  },
  KeyValue: { 1: f('key', 'string'), 2: m('value', 'AnyValue') },
  AnyValue: {
    1: f('stringValue', 'string'),
    2: f('boolValue', 'varint'),
    3: f('intValue', 'int64'),
    4: f('doubleValue', 'double'),
    5: m('arrayValue', 'ArrayValue'),
    6: m('kvlistValue', 'KeyValueList'),
    7: f('bytesValue', 'bytes-hex'),
  },
  ArrayValue: { 1: m('values', 'AnyValue', true) },
  KeyValueList: { 1: m('values', 'KeyValue', true) },
};

/** Messages nest: request → resource → scope → span → event → key-value → any-value …; values add their own. */
const MAX_DEPTH = 8 + MAX_VALUE_DEPTH * 2;

class WireTypeMismatch extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: false });
const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

class Reader {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }
  varint(): bigint {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= this.end) refuseOtlp('(file)', 'a complete protobuf varint', 'the file cut short');
      const byte = this.bytes[this.pos++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
    return refuseOtlp('(file)', 'a protobuf varint of at most 10 bytes', 'a longer one');
  }
  take(length: number): Uint8Array {
    if (length < 0 || this.pos + length > this.end)
      refuseOtlp('(file)', 'a protobuf field inside the file', 'a length past its end');
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
}

function skip(reader: Reader, wireType: number): void {
  if (wireType === 0) reader.varint();
  else if (wireType === 1) reader.take(8);
  else if (wireType === 2) reader.take(Number(reader.varint()));
  else if (wireType === 5) reader.take(4);
  else refuseOtlp('(file)', 'protobuf wire types 0, 1, 2 or 5', `wire type ${wireType}`);
}

const WIRE: Record<FieldKind, number> = {
  message: 2,
  string: 2,
  'bytes-hex': 2,
  varint: 0,
  int64: 0,
  fixed64: 1,
  double: 1,
};

function readValue(reader: Reader, field: Field, depth: number): unknown {
  switch (field.kind) {
    case 'message': {
      const length = Number(reader.varint());
      const body = reader.take(length);
      return decodeMessage(body, field.type!, depth + 1);
    }
    case 'string':
      return utf8.decode(reader.take(Number(reader.varint())));
    case 'bytes-hex':
      return hex(reader.take(Number(reader.varint())));
    case 'varint':
      return Number(BigInt.asIntN(64, reader.varint()));
    case 'int64':
      return BigInt.asIntN(64, reader.varint()).toString();
    case 'fixed64':
    case 'double': {
      const bytes = reader.take(8);
      const view = new DataView(bytes.buffer, bytes.byteOffset, 8);
      return field.kind === 'double' ? view.getFloat64(0, true) : view.getBigUint64(0, true).toString();
    }
  }
}

function decodeMessage(bytes: Uint8Array, type: string, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH) refuseOtlp('(file)', `protobuf messages nested at most ${MAX_DEPTH} deep`, 'deeper nesting');
  const schema = SCHEMAS[type]!;
  const reader = new Reader(bytes, 0, bytes.length);
  const out: Record<string, unknown> = {};
  while (reader.pos < reader.end) {
    const tag = reader.varint();
    const number = Number(tag >> 3n);
    const wireType = Number(tag & 7n);
    const field = schema[number];
    if (!field) {
      skip(reader, wireType);
      continue;
    }
    if (WIRE[field.kind] !== wireType) throw new WireTypeMismatch(`${type}.${field.name}`);
    const value = readValue(reader, field, depth);
    if (field.repeated) ((out[field.name] ??= []) as unknown[]).push(value);
    else out[field.name] = value;
  }
  return out;
}

/** True when the bytes can be protobuf at all: a field 1 of wire type 2 first (both requests start so). */
export function mayBeOtlpProtobuf(bytes: Uint8Array): boolean {
  return bytes.length > 2 && bytes[0] === 0x0a;
}

/**
 * The bytes as an OTLP/JSON-shaped export request (ids hex, times decimal strings): a trace request, or a logs
 * request when the first span does not read as a span. Undefined when neither reads (not OTLP protobuf).
 */
export function decodeOtlpProtobuf(bytes: Uint8Array): Record<string, unknown> | undefined {
  for (const type of ['TraceRequest', 'LogsRequest']) {
    try {
      const doc = decodeMessage(bytes, type, 0);
      const key = type === 'TraceRequest' ? 'resourceSpans' : 'resourceLogs';
      if (Array.isArray(doc[key])) return doc;
    } catch (error) {
      if (!(error instanceof WireTypeMismatch)) throw error;
    }
  }
  return undefined;
}
