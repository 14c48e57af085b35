// Pure: the W3C trace context (https://www.w3.org/TR/trace-context/) of a tool call, so a server instrumented with
// OpenTelemetry parents its spans on the call's `execute_tool` span in the run's exported trace. No I/O.
import { spanIdOf, toolSpanPlace, traceIdOf } from './otel-ids';

/** What goes into an MCP request's `params._meta` (SEP-414 reserves these keys). */
export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

/**
 * The `traceparent` of call `callId` in run `runId`: version 00, the run's trace id, the call's span id (the ids
 * the OTLP export and the live send write), flags 01 (sampled: the span is recorded, the server should record too).
 */
export function traceContextOf(runId: string, callId: string): TraceContext {
  return { traceparent: `00-${traceIdOf(runId)}-${spanIdOf(runId, toolSpanPlace(callId))}-01` };
}
