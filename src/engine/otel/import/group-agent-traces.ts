// Pure: spans grouped into traces, parent links checked (a cycle is refused, a missing parent noted), and the
// traces an agent made — those with at least one inference span — named for a choice.
import { refuseOtlp } from './otlp-import-error';
import type { ReadLog, ReadOtlp, ReadSpan } from './read-span';

/** One trace as the import uses it: its spans in start order, and the logs tied to each span. */
export interface AgentTrace {
  traceId: string;
  /** The root span's name (`invoke_agent …`, the person's own span), or the first inference span's. */
  name: string;
  service?: string;
  start: number;
  chatSpans: ReadSpan[];
  toolSpans: ReadSpan[];
  logsBySpan: Map<string, ReadLog[]>;
  /** Spans whose parent is not in the file (a trace cut short, or a parent in another service's export). */
  orphans: number;
}

/** A trace offered when a file holds several (the person picks one). */
export interface TraceChoice {
  traceId: string;
  name: string;
  rounds: number;
  toolCalls: number;
  /** ms since the epoch. */
  start: number;
}

const CHAT_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'completion']);

/** An inference (model call) span, in any of the shapes the import reads. */
export function isChatSpan(span: ReadSpan): boolean {
  const a = span.attributes;
  const operation = a['gen_ai.operation.name'] ?? a['llm.request.type'];
  if (typeof operation === 'string') return CHAT_OPERATIONS.has(operation);
  if (a['openinference.span.kind'] === 'LLM') return true;
  return Object.keys(a).some((key) => key.startsWith('gen_ai.prompt.') || key.startsWith('gen_ai.completion.'));
}

/** A tool execution span (`execute_tool`, or OpenInference's TOOL). */
export function isToolSpan(span: ReadSpan): boolean {
  const a = span.attributes;
  return a['gen_ai.operation.name'] === 'execute_tool' || a['openinference.span.kind'] === 'TOOL';
}

function checkParents(spans: ReadSpan[]): number {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  let orphans = 0;
  const settled = new Set<string>();
  for (const span of spans) {
    if (span.parentSpanId !== undefined && !byId.has(span.parentSpanId)) orphans += 1;
    // Walk up; every span is visited once over all walks, so a long chain costs its length, not its square.
    const path = new Set<string>();
    let current: ReadSpan | undefined = span;
    while (current && !settled.has(current.spanId)) {
      if (path.has(current.spanId))
        refuseOtlp(
          `${current.path}.parentSpanId`,
          'a parent chain that ends at a root span',
          `a loop back to span ${current.spanId}`,
        );
      path.add(current.spanId);
      current = current.parentSpanId !== undefined ? byId.get(current.parentSpanId) : undefined;
    }
    for (const id of path) settled.add(id);
  }
  return orphans;
}

/** The file's agent traces, earliest first; refuses a file without any, or with a parent cycle. */
export function groupAgentTraces(read: ReadOtlp): AgentTrace[] {
  const byTrace = new Map<string, ReadSpan[]>();
  for (const span of read.spans) {
    const list = byTrace.get(span.traceId) ?? [];
    if (list.some((other) => other.spanId === span.spanId))
      refuseOtlp(`${span.path}.spanId`, 'span ids unique within their trace', `a second span ${span.spanId}`);
    list.push(span);
    byTrace.set(span.traceId, list);
  }
  const logsBySpan = new Map<string, ReadLog[]>();
  for (const log of read.logs) {
    if (log.spanId === undefined) continue;
    const key = `${log.traceId ?? ''}:${log.spanId}`;
    logsBySpan.set(key, [...(logsBySpan.get(key) ?? []), log]);
  }
  const traces: AgentTrace[] = [];
  for (const [traceId, spans] of byTrace) {
    const orphans = checkParents(spans);
    const ordered = [...spans].sort((a, b) => a.start - b.start);
    const chatSpans = ordered.filter(isChatSpan);
    if (chatSpans.length === 0) continue;
    const root = ordered.find((span) => span.parentSpanId === undefined) ?? chatSpans[0]!;
    const own = new Map<string, ReadLog[]>();
    for (const span of chatSpans) own.set(span.spanId, logsBySpan.get(`${traceId}:${span.spanId}`) ?? []);
    traces.push({
      traceId,
      name: root.name || chatSpans[0]!.name,
      ...(root.service !== undefined ? { service: root.service } : {}),
      start: ordered[0]!.start,
      chatSpans,
      toolSpans: ordered.filter(isToolSpan),
      logsBySpan: own,
      orphans,
    });
  }
  if (traces.length === 0)
    refuseOtlp(
      '(file)',
      'OpenTelemetry GenAI spans (an inference span: gen_ai.operation.name "chat", or OpenLLMetry / OpenInference attributes)',
      read.spans.length === 0 ? 'no spans at all' : `${read.spans.length} spans, none of them a model call`,
    );
  return traces.sort((a, b) => a.start - b.start);
}

/** The choice a file of several traces offers. */
export function traceChoices(traces: readonly AgentTrace[]): TraceChoice[] {
  return traces.map((trace) => ({
    traceId: trace.traceId,
    name: trace.service !== undefined ? `${trace.name} (${trace.service})` : trace.name,
    rounds: trace.chatSpans.length,
    toolCalls: trace.toolSpans.length,
    start: trace.start,
  }));
}
