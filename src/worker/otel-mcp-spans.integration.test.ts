// The execute_tool spans of runs made against real SDK servers over HTTP, in both MCP eras: each carries the
// JSON-RPC id its tools/call went out with (the id the server received), the same MCP attributes on a fork's spans
// as on a fresh run's, and a Continue live of an opened request sends trace context and links to the opened run.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle } from '../../server/serve-mcp-http';
import { startOtlpCaptureReceiver } from '../../test/support/otlp-capture-receiver';
import type { OtlpSpan, OtlpTraceRequest } from '../engine/otel/otlp-json';
import type { Transcript } from '../engine/transcript/transcript';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness, type HostHarness } from './testing/create-host-harness';

/** What each tools/call reached a server with: the tool, the JSON-RPC id and the trace context. */
interface Received {
  tool: string;
  requestId: string | number;
  traceparent: unknown;
}
const received: Received[] = [];

const WEATHER = '{"city":"Rome","temperatureC":21,"conditions":"sunny"}';

/** A 2025-era server (SDK v1): the id is the handler's `extra.requestId`. */
function createLegacyProbe(): McpServer {
  const server = new McpServer({ name: 'legacy', version: '1.0.0' });
  const record =
    (tool: string, text: string) =>
    (_args: unknown, extra: { requestId: string | number; _meta?: Record<string, unknown> }) => {
      received.push({ tool, requestId: extra.requestId, traceparent: extra._meta?.['traceparent'] });
      return { content: [{ type: 'text' as const, text }] };
    };
  server.registerTool('weather_get', { inputSchema: { city: z.string() } }, record('weather_get', WEATHER));
  server.registerTool(
    'clothing_advise',
    { inputSchema: { temperatureC: z.number(), conditions: z.string() } },
    record('clothing_advise', 'A light jacket.'),
  );
  return server;
}

/** A 2026-07-28 server (SDK v2, stateless): the id is the handler's `ctx.mcpReq.id`. */
function createModernProbe(): ModernMcpServer {
  const server = new ModernMcpServer({ name: 'modern', version: '2.0.0' });
  const record =
    (tool: string, text: string) =>
    (_args: unknown, context: { mcpReq: { id: string | number; _meta?: Record<string, unknown> } }) => {
      received.push({ tool, requestId: context.mcpReq.id, traceparent: context.mcpReq._meta?.['traceparent'] });
      return { content: [{ type: 'text' as const, text }] };
    };
  server.registerTool('weather_get', { inputSchema: z.object({ city: z.string() }) }, record('weather_get', WEATHER));
  server.registerTool(
    'clothing_advise',
    { inputSchema: z.object({ temperatureC: z.number(), conditions: z.string() }) },
    record('clothing_advise', 'A light jacket.'),
  );
  return server;
}

const settings: RunSettings = {
  provider: { kind: 'demo' },
  system: '',
  maxRounds: 5,
  maxTokens: 1024,
  traceContext: true,
};

const attributesOf = (span: OtlpSpan | undefined) =>
  Object.fromEntries((span?.attributes ?? []).map((kv) => [kv.key, Object.values(kv.value)[0] as unknown]));

const spansOf = (request: OtlpTraceRequest) =>
  request.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));

/** One harness connected to one server, and the runs made on it. */
async function connect(url: string): Promise<HostHarness> {
  const harness = createHostHarness();
  await harness.send({
    type: 'server-add',
    server: { id: 's1', name: 'probe', url, headers: {}, includeInstructions: false },
  });
  await harness.waitFor((messages) =>
    messages.find((m) => m.type === 'server-state' && m.state.status === 'connected'),
  );
  return harness;
}

async function waitEnd(harness: HostHarness, runId: string): Promise<void> {
  await harness.waitFor((messages) =>
    messages.find((m) => m.type === 'run-event' && m.runId === runId && m.event.type === 'run-end'),
  );
}

/** The tool spans of `runId`'s trace, in the export of run `via` (its own, or a run of its family's). */
async function toolSpansOf(
  harness: HostHarness,
  runId: string,
  via = runId,
): Promise<{ spans: OtlpSpan[]; all: OtlpSpan[] }> {
  const transcript = (await harness.send({ type: 'transcript-export', runId: via })) as Transcript;
  const request = (await harness.send({
    type: 'otlp-convert',
    transcripts: [transcript],
    content: false,
  })) as OtlpTraceRequest;
  const all = spansOf(request);
  const traceId = all.find((span) => attributesOf(span)['loupe.run.id'] === runId)?.traceId;
  return { spans: all.filter((span) => span.traceId === traceId && span.name.startsWith('execute_tool ')), all };
}

/** Each tool span's request id and traceparent, next to what the server received for the same call. */
function expectSpansNameTheServersRequests(spans: OtlpSpan[], calls: Received[]): void {
  // The model sees the server's tools under exposed names (`probe__weather_get`).
  expect(calls.map((call) => `probe__${call.tool}`)).toEqual(
    spans.map((span) => String(attributesOf(span)['gen_ai.tool.name'])),
  );
  expect(spans.map((span) => attributesOf(span)['jsonrpc.request.id'])).toEqual(
    calls.map((call) => String(call.requestId)),
  );
  expect(calls.map((call) => call.traceparent)).toEqual(spans.map((span) => `00-${span.traceId}-${span.spanId}-01`));
}

describe.each([
  ['2025-11-25', () => serveMcpHttp(createLegacyProbe)],
  ['2026-07-28', () => serveMcpHttp(null, { modern: createModernProbe })],
] as const)('execute_tool spans against a %s server', (era, serve) => {
  let server: McpHttpHandle;
  let harness: HostHarness;
  beforeAll(async () => {
    server = await serve();
    harness = await connect(server.url);
  });
  afterAll(async () => {
    await harness.host.dispose();
    await server.close();
  });

  it('carry the JSON-RPC id each tools/call reached the server with', async () => {
    received.length = 0;
    await harness.send({ type: 'run-start', runId: `fresh-${era}`, settings, message: 'What to wear in Rome?' });
    await waitEnd(harness, `fresh-${era}`);
    const { spans } = await toolSpansOf(harness, `fresh-${era}`);
    expect(spans).toHaveLength(2);
    expectSpansNameTheServersRequests(spans, received);
    const attributes = attributesOf(spans[0]);
    expect(attributes['mcp.protocol.version']).toBe(era);
    // Sessions are a 2025-era thing: the 2026 revision has none.
    if (era === '2026-07-28') expect(attributes['mcp.session.id']).toBeUndefined();
    else expect(attributes['mcp.session.id']).toMatch(/.+/);
  });

  it('give a fork’s calls the same MCP attributes as a fresh run’s, with their own request ids', async () => {
    const fresh = (await toolSpansOf(harness, `fresh-${era}`)).spans;
    received.length = 0;
    await harness.send({
      type: 'run-fork',
      runId: `fresh-${era}`,
      newRunId: `fork-${era}`,
      round: 2,
      name: 'Again',
      settings,
    });
    await waitEnd(harness, `fork-${era}`);
    const { spans } = await toolSpansOf(harness, `fork-${era}`);
    // Round 2 re-asked: the model calls clothing_advise again (the Demo model gives it the parent's call id).
    expect(spans.map((span) => attributesOf(span)['gen_ai.tool.name'])).toEqual(['probe__clothing_advise']);
    expectSpansNameTheServersRequests(spans, received);
    const keys = (span: OtlpSpan | undefined) =>
      Object.keys(attributesOf(span)).filter((key) => key.startsWith('mcp.') || key.startsWith('server.'));
    expect(keys(spans[0])).toEqual(keys(fresh[1]));
    expect(attributesOf(spans[0])['gen_ai.tool.type']).toBe('extension');
    // Same call id as the parent's call, yet each run's span names its own request.
    expect(attributesOf(spans[0])['gen_ai.tool.call.id']).toBe(attributesOf(fresh[1])['gen_ai.tool.call.id']);
    expect(attributesOf(spans[0])['jsonrpc.request.id']).not.toBe(attributesOf(fresh[1])['jsonrpc.request.id']);
    // Exported from the parent (the fork a branch of its family), the fork's spans are the same.
    const viaParent = await toolSpansOf(harness, `fork-${era}`, `fresh-${era}`);
    expect(viaParent.spans).toEqual(spans);
  });

  it('send trace context with a Continue live of an opened request and link its trace to the opened run', async () => {
    const original = (await harness.send({ type: 'transcript-export', runId: `fresh-${era}` })) as Transcript;
    // The request an agent sent after its first tool result: Continue live sends it on to the person's model.
    const request = {
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      tools: original.tools,
      messages: original.messages.slice(0, 3),
    };
    const opened = `opened-${era}`;
    await harness.send({ type: 'transcript-import', runId: opened, text: JSON.stringify(request) });
    received.length = 0;
    const next = `continued-${era}`;
    const reply = await harness.send({ type: 'run-continue', runId: next, sourceRunId: opened, settings });
    expect(reply).toEqual({ started: true, unmatched: [] });
    // What the store sends once the run started: the family, so an export links the two.
    await harness.send({
      type: 'branches-restore',
      branches: [
        { runId: opened, name: 'Original', parentRunId: null, forkRound: null },
        { runId: next, name: 'Continued live', parentRunId: opened, forkRound: 2 },
      ],
    });
    await waitEnd(harness, next);
    const { spans, all } = await toolSpansOf(harness, next);
    expect(spans.map((span) => attributesOf(span)['gen_ai.tool.name'])).toEqual(['probe__clothing_advise']);
    expectSpansNameTheServersRequests(spans, received);
    expect(attributesOf(spans[0])['mcp.method.name']).toBe('tools/call');
    const agent = all.find((span) => attributesOf(span)['loupe.run.id'] === next);
    const openedLast = all.find(
      (span) =>
        span.name.startsWith('chat ') && attributesOf(span)['loupe.round'] === '1' && span.traceId !== agent?.traceId,
    );
    expect(openedLast).toBeDefined();
    expect(agent?.links).toMatchObject([{ traceId: openedLast?.traceId, spanId: openedLast?.spanId }]);
    // Sent live like any run's: only its own trace, its link and MCP attributes as in the export.
    const receiver = await startOtlpCaptureReceiver();
    try {
      const sent = await harness.send({
        type: 'otlp-send',
        runId: next,
        endpoint: receiver.url,
        headers: {},
        content: false,
        secrets: [],
      });
      expect(sent).toEqual({ ok: true });
      const live = spansOf(JSON.parse(receiver.received[0]?.body.toString('utf8') ?? '{}') as OtlpTraceRequest);
      expect(new Set(live.map((span) => span.traceId))).toEqual(new Set([agent?.traceId]));
      expect(live.find((span) => span.spanId === agent?.spanId)?.links).toEqual(agent?.links);
      expect(live.find((span) => span.spanId === spans[0]?.spanId)).toEqual(spans[0]);
    } finally {
      await receiver.close();
    }
  });
});
