// The trace context of a call as `params._meta` entries of its MCP request (SEP-414: `traceparent`, `tracestate`
// and `baggage` are reserved there in the 2026-07-28 revision; 2025-era servers read the same keys by convention).
import type { ToolRunContext } from '../../engine/tool/tool';

/** `{ traceparent, tracestate? }` when the run sends trace context, else nothing to add. */
export function traceContextMeta(context: ToolRunContext): Record<string, string> {
  const trace = context.traceContext;
  if (trace === undefined) return {};
  return trace.tracestate === undefined
    ? { traceparent: trace.traceparent }
    : { traceparent: trace.traceparent, tracestate: trace.tracestate };
}
