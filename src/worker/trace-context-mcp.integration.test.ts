// Trace context to MCP servers (issue 34, SEP-414): with telemetry on, each tools/call carries a `traceparent` in
// `params._meta` whose trace and parent span are the run's exported trace and the call's `execute_tool` span. A
// real SDK server over HTTP reads it from the request, as an instrumented server's propagator would. The same spans
// carry the MCP attributes of the request (server, revision, session). The server is instrumented with the
// OpenTelemetry SDK (@opentelemetry/sdk-trace-node 2.12.1, its W3C propagator): its spans' parent is Loupe's tool span.
import { context, propagation, SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMcpHttp, type McpHttpHandle } from '../../server/serve-mcp-http';
import { createTraceProbeServer } from '../../test/servers/trace-probe-server';
import type { OtlpTraceRequest } from '../engine/otel/otlp-json';
import type { Transcript } from '../engine/transcript/transcript';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness, type HostHarness } from './testing/create-host-harness';

/** What each tools/call's `_meta` held, in order. */
const seen: { tool: string; meta: Record<string, unknown> | undefined }[] = [];

// The server is instrumented with the OpenTelemetry SDK as a server author would: its propagator reads the trace
// context from `params._meta` (the MCP page's context propagation) and each call gets a SERVER span under it.
const serverSpans = new InMemorySpanExporter();
const serverTracing = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(serverSpans)] });
serverTracing.register();
const tracer = serverTracing.getTracer('probe-mcp-server');

const createProbeServer = () =>
  createTraceProbeServer((tool, meta) => {
    seen.push({ tool, meta });
    const parent = propagation.extract(context.active(), meta ?? {});
    tracer.startSpan(`tools/call ${tool}`, { kind: SpanKind.SERVER }, parent).end();
  });

let probe: McpHttpHandle;
let harness: HostHarness;
beforeAll(async () => {
  probe = await serveMcpHttp(createProbeServer);
  harness = createHostHarness();
  await harness.send({
    type: 'server-add',
    server: { id: 's1', name: 'demo', url: probe.url, headers: {}, includeInstructions: false },
  });
  await harness.waitFor((messages) =>
    messages.find((m) => m.type === 'server-state' && m.state.status === 'connected'),
  );
});
afterAll(async () => {
  await harness.host.dispose();
  await probe.close();
  await serverTracing.shutdown();
});

const settings: RunSettings = { provider: { kind: 'demo' }, system: '', maxRounds: 5, maxTokens: 1024 };

async function run(runId: string, traceContext: boolean): Promise<Transcript> {
  seen.length = 0;
  await harness.send({
    type: 'run-start',
    runId,
    settings: { ...settings, ...(traceContext ? { traceContext } : {}) },
    message: 'What to wear in Rome?',
  });
  await harness.waitFor((messages) =>
    messages.find((m) => m.type === 'run-event' && m.runId === runId && m.event.type === 'run-end'),
  );
  return (await harness.send({ type: 'transcript-export', runId })) as Transcript;
}

describe('trace context in MCP requests', () => {
  it('sends the traceparent of each call, naming the execute_tool span the export writes', async () => {
    const transcript = await run('traced-run', true);
    expect(seen.map((entry) => entry.tool)).toEqual(['weather_get', 'clothing_advise']);
    const request = (await harness.send({
      type: 'otlp-convert',
      transcripts: [transcript],
      content: false,
    })) as OtlpTraceRequest;
    const spans = request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const toolSpans = spans.filter((span) => span.name.startsWith('execute_tool '));
    expect(toolSpans).toHaveLength(seen.length);
    expect(seen.map((entry) => entry.meta?.['traceparent'])).toEqual(
      toolSpans.map((span) => `00-${span.traceId}-${span.spanId}-01`),
    );
    // The same spans carry the MCP request's attributes: the worker noted which server ran each call.
    const port = Number(new URL(probe.url).port);
    for (const span of toolSpans) {
      const attributes = Object.fromEntries(span.attributes.map((kv) => [kv.key, Object.values(kv.value)[0]]));
      expect(attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'server.address': '127.0.0.1',
        'server.port': String(port),
        'network.transport': 'tcp',
      });
      expect(attributes['mcp.protocol.version']).toMatch(/^2025-/);
      expect(attributes['mcp.session.id']).toMatch(/.+/);
    }
    // W3C form: version, 32 hex trace id, 16 hex parent id, flags.
    expect(seen[0]?.meta?.['traceparent']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('lands an instrumented server’s spans in the run’s trace, each under Loupe’s execute_tool span', async () => {
    serverSpans.reset();
    const transcript = await run('instrumented-run', true);
    const request = (await harness.send({
      type: 'otlp-convert',
      transcripts: [transcript],
      content: false,
    })) as OtlpTraceRequest;
    const toolSpans = request.resourceSpans
      .flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))
      .filter((span) => span.name.startsWith('execute_tool '));
    const received = serverSpans.getFinishedSpans();
    expect(received.map((span) => span.name)).toEqual(['tools/call weather_get', 'tools/call clothing_advise']);
    expect(
      received.map((span) => [
        span.spanContext().traceId,
        span.parentSpanContext?.spanId,
        span.parentSpanContext?.isRemote,
      ]),
    ).toEqual(toolSpans.map((span) => [span.traceId, span.spanId, true]));
  });

  it('sends none when telemetry is off', async () => {
    await run('untraced-run', false);
    expect(seen).toHaveLength(2);
    for (const entry of seen) expect(entry.meta?.['traceparent']).toBeUndefined();
  });
});
