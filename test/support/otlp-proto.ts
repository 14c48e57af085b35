// Checks OTLP/JSON against the official OTLP protobuf definitions (opentelemetry-proto, as generated in
// @opentelemetry/otlp-transformer 0.52.1): hex ids to bytes, then fromObject → verify → encode → decode.
import root from '@opentelemetry/otlp-transformer/build/src/generated/root.js';

const HEX = /^(?:[0-9a-f]{2})*$/;
const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

interface ProtoType {
  fromObject(value: unknown): unknown;
  verify(value: unknown): string | null;
  encode(value: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  toObject(value: unknown, options: Record<string, unknown>): unknown;
}

const proto = root as unknown as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: ProtoType } } } } };
};
const REQUEST = proto.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** OTLP/JSON's hex ids as the bytes the protobuf has; a bad id throws (OTLP/JSON ids are hex, never base64). */
function idsToBytes(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => idsToBytes(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, idsToBytes(v, k)]));
  }
  if (ID_FIELDS.has(key) && typeof value === 'string') {
    if (!HEX.test(value)) throw new Error(`${key} ${value} is not lowercase hex`);
    return Uint8Array.from(value.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  }
  return value;
}

function bytesToHex(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (Array.isArray(value)) return value.map((item) => bytesToHex(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesToHex(v)]));
  }
  return value;
}

/** Drops what protobuf leaves out as default (empty arrays, zero status codes), so both sides compare. */
function withoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).flatMap(([k, v]) => {
        if (Array.isArray(v) && v.length === 0) return [];
        if (k === 'code' && v === 0) return [];
        return [[k, withoutDefaults(v)]];
      }),
    );
  }
  return value;
}

/**
 * The request as the protobuf decodes it back (ids hex again, 64-bit numbers as strings), and as written without
 * defaults: equal when every field Loupe wrote is a field of the schema with the right type.
 */
export function throughProto(json: unknown): { decoded: unknown; written: unknown; bytes: number } {
  const message = REQUEST.fromObject(idsToBytes(json));
  const problem = REQUEST.verify(message);
  if (problem !== null) throw new Error(problem);
  const bytes = REQUEST.encode(message).finish();
  const decoded = REQUEST.toObject(REQUEST.decode(bytes), { longs: String, enums: Number, arrays: false });
  return {
    decoded: withoutDefaults(bytesToHex(decoded)),
    written: withoutDefaults(JSON.parse(JSON.stringify(json))),
    bytes: bytes.length,
  };
}
