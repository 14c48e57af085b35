// The Anthropic SDK's tracing modules (`internal/tracing.mjs`, `lib/internal/tracing.mjs`) as they behave when no
// span is ever started: Loupe's worker registers no OpenTelemetry SDK and `createAnthropicClient` passes
// `openTelemetry: false`, so every span-taking function below is unreachable. The worker build uses this file in their
// place (server/vite-sdk-stand-ins-plugin.ts; about 5 KB gzip less). Tests run the real modules.

/** The `openTelemetry` client option as the SDK settles it (frozen, defaults filled in). */
interface SettledOpenTelemetry {
  readonly tracerProvider: unknown;
  readonly propagation: boolean;
  readonly traces: { readonly enabled: boolean; readonly contentMode: string; readonly maxContentBytes: number };
}

interface OpenTelemetryOption {
  tracerProvider?: unknown;
  propagation?: boolean;
  traces?: boolean | { enabled?: boolean; contentMode?: string; maxContentBytes?: number };
}

const defaultMaxContentBytes = 750_000;

/** As the SDK's: `false` is `{ traces: false }`; no option means the defaults (a worker has no environment). */
export function resolveOpenTelemetryOptions(option: OpenTelemetryOption | false | undefined): SettledOpenTelemetry {
  const { tracerProvider, propagation, traces } = option === false ? { traces: false } : (option ?? {});
  const { enabled, contentMode, maxContentBytes } = typeof traces === 'boolean' ? { enabled: traces } : (traces ?? {});
  return Object.freeze({
    tracerProvider,
    propagation: propagation ?? true,
    traces: Object.freeze({
      enabled: enabled ?? true,
      contentMode: contentMode === 'content' ? 'content' : 'metadata_only',
      maxContentBytes:
        maxContentBytes !== undefined && Number.isInteger(maxContentBytes) && maxContentBytes >= 1
          ? maxContentBytes
          : defaultMaxContentBytes,
    }),
  });
}

/** No tracer: the client then makes every request untraced (`request`, `requestAPIList`). */
export function getTracer(): undefined {
  return undefined;
}

/** Runs a tracing step; a failure of telemetry never fails an API call. */
export function guardTracing<T>(_client: unknown, step: () => T): T | undefined {
  try {
    return step();
  } catch {
    return undefined;
  }
}

/** No span without a tracer (or the one the caller already started, as the SDK's). */
export function startApiCallSpan(_client: unknown, _name: string, options?: { __span?: unknown }): unknown {
  return options?.__span;
}

const nothing = (): undefined => undefined;

export const setCreatedIDAttribute = nothing;
export const endApiCallSpan = nothing;
export const recordAttempt = nothing;
export const setErrorStatus = nothing;
export const setResponseAttributes = nothing;
export const setResponseHeaderAttributes = nothing;
export const observeStream = nothing;
export const endApiCallSpanWhenStreamEnds = nothing;
export const endAnthropicApiCallSpanWhenStreamEnds = nothing;
export const recordStreamedMessageContent = nothing;
export const recordMessagesCreateRequest = nothing;
export const recordMessagesCreateResponse = nothing;
export const startEnvironmentWorkSpan = nothing;
export const endEnvironmentWorkSpan = nothing;
export const failEnvironmentWorkSpan = nothing;
export const startToolRunnerSpan = nothing;
export const ATTR_HTTP_RESPONSE_STATUS_CODE = 'http.response.status_code';
export const SPAN_ATTRIBUTES: Readonly<Record<string, never>> = Object.freeze({});

/** The headers unchanged: with no propagator there is no trace context in them. */
export function injectTraceHeaders<T>(_span: unknown, headers: T): T {
  return headers;
}

/** No trace-context headers to take out (none was ever injected). */
export function takeTraceHeaders(): [string, string][] {
  return [];
}

export function withoutTraceHeaders<T>(middleware: T): T {
  return middleware;
}

export function messagesCreateSpanSettings(_client: unknown, request: unknown) {
  return { route: '/v1/messages', request, attributes: {} };
}

export function sessionsCreateSpanAttributes(): Record<string, never> {
  return {};
}

export function withEnvironmentWorkSpan<T>(_client: unknown, _span: unknown, _signal: unknown, handle: () => T): T {
  return handle();
}

export function withToolUseSpan<T>(
  _client: unknown,
  _tool: unknown,
  _use: unknown,
  _options: unknown,
  run: () => T,
): T {
  return run();
}
