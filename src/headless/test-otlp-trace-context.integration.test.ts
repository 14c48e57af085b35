// `npm run loupe -- test … --otlp <file>`: the MCP server of a headless run receives each tools/call's trace
// context in `params._meta.traceparent` (SEP-414), and it names the trace and the `execute_tool` span the --otlp file
// holds, so a server's own spans land under Loupe's. A real SDK server over HTTP records what it received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMcpHttp, type McpHttpHandle } from '../../server/serve-mcp-http';
import { createTraceProbeServer } from '../../test/servers/trace-probe-server';
import type { OtlpTraceRequest } from '../engine/otel/otlp-json';
import { serializeSuite } from '../suite/parse-suite';
import { SUITE_FORMAT, SUITE_VERSION } from '../suite/test-suite';
import { runCommand } from './testing/run-command';
import { weatherCase } from './testing/weather-case';

/** Each tools/call the server received: the tool and its `_meta`, in order. */
const seen: { tool: string; meta: Record<string, unknown> | undefined }[] = [];

let probe: McpHttpHandle;
beforeAll(async () => {
  probe = await serveMcpHttp(() => createTraceProbeServer((tool, meta) => seen.push({ tool, meta })));
});
afterAll(async () => {
  await probe.close();
});

const suiteText = () =>
  serializeSuite({
    format: SUITE_FORMAT,
    version: SUITE_VERSION,
    name: 'Trace context',
    cases: [weatherCase(probe.url, [{ kind: 'tools-called', tools: ['demo__weather_get'], mode: 'set' }])],
  });

describe('loupe test --otlp: trace context to the MCP server', () => {
  it('sends each call’s traceparent: the trace in the --otlp file, the parent its execute_tool span', async () => {
    seen.length = 0;
    const result = await runCommand(['test', 's.json', '--otlp', 'traces.jsonl'], { 's.json': suiteText() });
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(seen.map((entry) => entry.tool)).toEqual(['weather_get', 'clothing_advise']);
    const lines = (result.written['traces.jsonl'] ?? '').trim().split('\n');
    expect(lines).toHaveLength(1);
    const request = JSON.parse(lines[0] ?? '') as OtlpTraceRequest;
    const spans = request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    const traceId = spans.find((span) => span.name === 'invoke_agent Loupe')?.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const toolSpans = spans.filter((span) => span.name.startsWith('execute_tool '));
    expect(toolSpans.map((span) => span.name)).toEqual([
      'execute_tool demo__weather_get',
      'execute_tool demo__clothing_advise',
    ]);
    // W3C form, version 00, sampled: the run's trace id, the call's own span as parent.
    expect(seen.map((entry) => entry.meta?.['traceparent'])).toEqual(
      toolSpans.map((span) => `00-${traceId}-${span.spanId}-01`),
    );
    expect(new Set(toolSpans.map((span) => span.spanId)).size).toBe(2);
  });

  it('sends no trace context without --otlp', async () => {
    seen.length = 0;
    const result = await runCommand(['test', 's.json'], { 's.json': suiteText() });
    expect(result.code).toBe(0);
    expect(seen).toHaveLength(2);
    expect(seen.every((entry) => entry.meta?.['traceparent'] === undefined)).toBe(true);
  });
});
