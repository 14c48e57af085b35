// What Loupe writes is a valid ExportTraceServiceRequest: the official protobuf definitions decode every field
// back unchanged, and a real OTLP/HTTP receiver takes it.
import { afterEach, describe, expect, it } from 'vitest';
import { throughProto } from '../../../test/support/otlp-proto';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/support/otlp-receiver';
import { sampleTranscript } from '../testing/sample-otel-run';
import { transcriptsToOtlp } from './transcript-to-otlp';

let receiver: OtlpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('OTLP/JSON against the OTLP protobuf schema', () => {
  it('decodes back field for field, with content and MCP attributes, ids hex and times in nanoseconds', async () => {
    const transcript = await sampleTranscript();
    const mcpCalls = new Map([
      ['c1', { serverUrl: 'http://127.0.0.1:3001/mcp', protocolVersion: '2025-11-25', requestId: 3 }],
    ]);
    const request = transcriptsToOtlp([transcript], {
      content: true,
      appVersion: '0.1.0',
      mcpCallOf: (_runId, callId) => mcpCalls.get(callId),
    });
    const { decoded, written, bytes } = throughProto(request);
    expect(decoded).toEqual(written);
    expect(bytes).toBeGreaterThan(500);
    const span = request.resourceSpans[0]?.scopeSpans[0]?.spans[1];
    const startedAt = transcript.rounds[0]?.response?.timing.startedAt ?? NaN;
    expect(span?.startTimeUnixNano).toBe(String(BigInt(startedAt) * 1_000_000n));
  });

  it('would catch a misspelt field or a base64 id (the check itself can fail)', async () => {
    const request = transcriptsToOtlp([await sampleTranscript()], { content: false, appVersion: '0' });
    const spans = request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    const misspelt = {
      ...request,
      resourceSpans: [
        { ...request.resourceSpans[0], scopeSpans: [{ spans: [{ ...spans[0], startTimeUnixNanos: '1' }] }] },
      ],
    };
    const { decoded, written } = throughProto(misspelt);
    expect(decoded).not.toEqual(written);
    const base64 = {
      resourceSpans: [{ scopeSpans: [{ spans: [{ ...spans[0], traceId: 'AAECAwQFBgcICQoLDA0ODw==' }] }] }],
    };
    expect(() => throughProto(base64)).toThrow(/not lowercase hex/);
  });

  it('is taken by an OTLP/HTTP receiver at /v1/traces', async () => {
    receiver = await startOtlpReceiver();
    const request = transcriptsToOtlp([await sampleTranscript()], { content: false, appVersion: '0.1.0' });
    const response = await fetch(receiver.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(response.status).toBe(200);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.stringify(receiver.received[0])).toContain('execute_tool weather');
  });
});
