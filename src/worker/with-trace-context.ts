// Gives the MCP tools of a run the trace context of each call (telemetry on): the call's context then carries a
// `traceparent` parented on the call's `execute_tool` span, which `callMcpTool` puts into `params._meta`.
import type { Tool, ToolRunContext } from '../engine/tool/tool';
import { traceContextOf } from '../engine/otel/trace-context';

// A context whose prototype is the loop's own: its `signal` getter, which reads the nearest context up the chain,
// and every other field stay as the loop made them; only `traceContext` is added.
function withCallTrace(context: ToolRunContext, runId: string): ToolRunContext {
  if (context.callId === undefined) return context;
  const traced = Object.create(context) as ToolRunContext;
  traced.traceContext = traceContextOf(runId, context.callId);
  return traced;
}

/** `tools` with each MCP tool's runs given their trace context in run `runId`; other tools as they are. */
export function withTraceContext(tools: Tool[], runId: string): Tool[] {
  return tools.map((tool) =>
    tool.origin.kind !== 'mcp'
      ? tool
      : { ...tool, run: (input, context) => tool.run(input, withCallTrace(context, runId)) },
  );
}
