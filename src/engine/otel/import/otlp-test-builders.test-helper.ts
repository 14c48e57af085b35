// Test helpers: small OTLP/JSON documents built in the tests (for shapes and hostile input only — traces of real
// instrumentations are made by the libraries themselves in test/otel/).
const TRACE = '0af7651916cd43dd8448eb211c80319c';

export function kv(key: string, value: unknown): { key: string; value: Record<string, unknown> } {
  if (typeof value === 'number')
    return { key, value: Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value } };
  if (typeof value === 'boolean') return { key, value: { boolValue: value } };
  return { key, value: { stringValue: String(value) } };
}

export function span(
  spanId: string,
  name: string,
  attributes: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    traceId: TRACE,
    spanId,
    name,
    kind: 3,
    startTimeUnixNano: '1733312400000000000',
    endTimeUnixNano: '1733312401000000000',
    attributes: Object.entries(attributes).map(([key, value]) => kv(key, value)),
    ...extra,
  };
}

export function traceRequest(spans: unknown[]): Record<string, unknown> {
  return { resourceSpans: [{ resource: { attributes: [kv('service.name', 'agent')] }, scopeSpans: [{ spans }] }] };
}
