// The OTLP/JSON shapes Loupe writes (opentelemetry-proto, trace/v1 and common/v1, as JSON): pure types and encoders.

/** A typed attribute value (`AnyValue`); 64-bit integers travel as decimal strings, as the OTLP/JSON mapping says. */
export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

/** One attribute (`KeyValue`). */
export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

/** A span event (`Span.Event`). */
export interface OtlpSpanEvent {
  timeUnixNano: string;
  name: string;
  attributes: OtlpKeyValue[];
}

/** A link to a span of another trace (`Span.Link`). */
export interface OtlpSpanLink {
  traceId: string;
  spanId: string;
  attributes: OtlpKeyValue[];
}

/** `Span.SpanKind` as its enum number (1 internal, 3 client). */
export const SPAN_KIND_INTERNAL = 1;
export const SPAN_KIND_CLIENT = 3;
/** `Status.StatusCode`: 0 unset, 2 error. */
export const STATUS_UNSET = 0;
export const STATUS_ERROR = 2;

/** One span, ids as lowercase hex (trace 32 digits, span 16), times as nanoseconds since the epoch in strings. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events: OtlpSpanEvent[];
  links: OtlpSpanLink[];
  status: { code: number; message?: string };
}

/** `ExportTraceServiceRequest`: what an OTLP/HTTP receiver takes at `/v1/traces` (JSON encoding). */
export interface OtlpTraceRequest {
  resourceSpans: {
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[];
  }[];
}

/** A value an attribute may hold before encoding; `undefined` drops the attribute. */
export type AttributeInput = string | number | boolean | string[] | undefined;

/** Encodes one value: whole numbers as `intValue`, others as `doubleValue`, string arrays as `arrayValue`. */
export function toAnyValue(value: Exclude<AttributeInput, undefined>): OtlpAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  }
  return { arrayValue: { values: value.map((item) => ({ stringValue: item })) } };
}

/** The attributes of a record, in its key order, leaving out the undefined ones. */
export function toAttributes(record: Record<string, AttributeInput>): OtlpKeyValue[] {
  return Object.entries(record).flatMap(([key, value]) =>
    value === undefined ? [] : [{ key, value: toAnyValue(value) }],
  );
}

/** A double attribute even when the number is whole (a duration in seconds, a score). */
export function doubleAttribute(key: string, value: number): OtlpKeyValue {
  return { key, value: { doubleValue: value } };
}

/** Milliseconds since the epoch (fractions kept to the microsecond) as the nanosecond string OTLP/JSON wants. */
export function toUnixNano(ms: number): string {
  return (BigInt(Math.round(ms * 1000)) * 1000n).toString();
}
