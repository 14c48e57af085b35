// The part of the OpenTelemetry API the Anthropic SDK imports, as the API behaves when no OpenTelemetry SDK is
// registered (always, in Loupe's worker): no spans, nothing propagated. vite.config.ts gives it to the worker build in
// place of @opentelemetry/api (about 3 KB gzip), and `createAnthropicClient` turns the SDK's tracing off besides,
// so none of it is called; it is still a faithful no-op in case a later SDK calls it.

/** An OpenTelemetry context: immutable key → value. */
interface Context {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): Context;
  deleteValue(key: symbol): Context;
}

function createContext(values: ReadonlyMap<symbol, unknown>): Context {
  return {
    getValue: (key) => values.get(key),
    setValue: (key, value) => createContext(new Map(values).set(key, value)),
    deleteValue: (key) => {
      const next = new Map(values);
      next.delete(key);
      return createContext(next);
    },
  };
}

const ROOT_CONTEXT = createContext(new Map());
const SPAN_KEY = Symbol('OpenTelemetry Context Key SPAN');
const INVALID_SPAN_CONTEXT = { traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 };

/** A span that records nothing (what the API's no-op tracer starts). */
const nonRecordingSpan = {
  spanContext: () => INVALID_SPAN_CONTEXT,
  setAttribute: () => nonRecordingSpan,
  setAttributes: () => nonRecordingSpan,
  addEvent: () => nonRecordingSpan,
  addLink: () => nonRecordingSpan,
  addLinks: () => nonRecordingSpan,
  setStatus: () => nonRecordingSpan,
  updateName: () => nonRecordingSpan,
  end: () => {},
  isRecording: () => false,
  recordException: () => {},
};

const noopTracer = {
  startSpan: () => nonRecordingSpan,
  startActiveSpan: (_name: string, ...rest: unknown[]): unknown => {
    const run = rest.at(-1);
    return typeof run === 'function'
      ? (run as (span: typeof nonRecordingSpan) => unknown)(nonRecordingSpan)
      : undefined;
  },
};

/** `context`: the active context is always the root one (no context manager is registered). */
export const context = {
  active: (): Context => ROOT_CONTEXT,
  with: <A extends unknown[], R>(_context: Context, run: (...args: A) => R, thisArg?: unknown, ...args: A): R =>
    run.call(thisArg, ...args),
  bind: <T>(_context: Context, target: T): T => target,
};

/** `trace`: the no-op tracer provider, and spans kept in contexts as the API keeps them. */
export const trace = {
  getTracerProvider: () => ({ getTracer: () => noopTracer }),
  getTracer: () => noopTracer,
  getSpan: (from: Context): unknown => from.getValue(SPAN_KEY),
  getActiveSpan: (): unknown => undefined,
  setSpan: (into: Context, span: unknown): Context => into.setValue(SPAN_KEY, span),
  deleteSpan: (from: Context): Context => from.deleteValue(SPAN_KEY),
  isSpanContextValid: (spanContext: { traceId: string; spanId: string }): boolean =>
    /^[0-9a-f]{32}$/i.test(spanContext.traceId) &&
    spanContext.traceId !== INVALID_SPAN_CONTEXT.traceId &&
    /^[0-9a-f]{16}$/i.test(spanContext.spanId) &&
    spanContext.spanId !== INVALID_SPAN_CONTEXT.spanId,
};

/** `propagation`: the no-op propagator (injects and extracts nothing). */
export const propagation = {
  inject: (): void => {},
  extract: (into: Context): Context => into,
  fields: (): string[] => [],
};

/** The API's span kinds (the SDK marks its call spans `CLIENT`). */
export const SpanKind = { INTERNAL: 0, SERVER: 1, CLIENT: 2, PRODUCER: 3, CONSUMER: 4 } as const;

/** The API's span status codes. */
export const SpanStatusCode = { UNSET: 0, OK: 1, ERROR: 2 } as const;
