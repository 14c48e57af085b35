// An ended run sent to a real OTLP/HTTP receiver: what arrives, what never does (secrets, redirected headers),
// and that every failure comes back as a reason instead of an error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleTranscript } from '../engine/testing/sample-otel-run';
import type { Transcript } from '../engine/transcript/transcript';
import { startOtlpCaptureReceiver, type OtlpCaptureReceiver } from '../../test/support/otlp-capture-receiver';
import type { OtlpSendResult } from '../engine/otel/send/send-otlp-traces';
import { sendRunTrace, type RunTraceSend } from './send-run-trace';

let receiver: OtlpCaptureReceiver | undefined;
let redirector: Server | undefined;
afterEach(async () => {
  await receiver?.close();
  await new Promise((resolve) => (redirector ? redirector.close(resolve) : resolve(undefined)));
  receiver = undefined;
  redirector = undefined;
});

async function send(transcript: Transcript, command: Partial<RunTraceSend> & { endpoint: string }) {
  return sendRunTrace(
    { runId: transcript.runId, headers: {}, content: false, secrets: [], ...command },
    { transcriptOf: () => transcript, appVersion: '0.1.0', fetchFn: fetch },
  );
}

function reasonOf(result: OtlpSendResult): string {
  return result.ok ? 'sent' : result.reason;
}

describe('sendRunTrace', () => {
  it('posts the run as OTLP/HTTP JSON to /v1/traces with the headers, content scrubbed of secrets', async () => {
    receiver = await startOtlpCaptureReceiver();
    const transcript = await sampleTranscript();
    const result = await send(transcript, {
      endpoint: receiver.url,
      headers: { 'x-collector-key': 'collector-secret-1' },
      content: true,
      secrets: ['Weather in Paris?'],
    });
    expect(result).toEqual({ ok: true });
    expect(receiver.received).toHaveLength(1);
    const [arrived] = receiver.received;
    expect(arrived?.path).toBe('/v1/traces');
    expect(arrived?.contentType).toContain('application/json');
    expect(arrived?.headers['x-collector-key']).toBe('collector-secret-1');
    const body = arrived?.body.toString('utf8') ?? '';
    const names = (
      JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }
    ).resourceSpans[0]?.scopeSpans[0]?.spans.map((span) => span.name);
    expect(names).toContain('invoke_agent Loupe');
    expect(names).toContain('execute_tool weather');
    expect(body).toContain('REDACTED');
    expect(body).not.toContain('Weather in Paris?');
  });

  it('says once why a collector refused, and never throws', async () => {
    receiver = await startOtlpCaptureReceiver();
    receiver.failNext(1, 503);
    const result = await send(await sampleTranscript(), { endpoint: `${receiver.url}/v1/traces` });
    expect(reasonOf(result)).toContain('HTTP 503: {"message":"refused by the test"}');
  });

  it('explains an unreachable collector (and CORS, the usual cause in a page)', async () => {
    receiver = await startOtlpCaptureReceiver();
    const url = receiver.url;
    await receiver.close();
    receiver = undefined;
    const result = await send(await sampleTranscript(), { endpoint: url });
    expect(reasonOf(result)).toContain('could not be reached');
    expect(reasonOf(result)).toContain('CORS');
  });

  it('does not follow a redirect: the headers never reach the other origin', async () => {
    receiver = await startOtlpCaptureReceiver();
    const target = receiver.url;
    redirector = createServer((_request, response) =>
      response.writeHead(307, { location: `${target}/v1/traces` }).end(),
    );
    await new Promise<void>((resolve) => redirector?.listen(0, '127.0.0.1', resolve));
    const { port } = redirector.address() as AddressInfo;
    const result = await send(await sampleTranscript(), {
      endpoint: `http://127.0.0.1:${port}`,
      headers: { authorization: 'Bearer collector-secret-2' },
    });
    expect(result.ok).toBe(false);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses an endpoint it may not send to before any request', async () => {
    receiver = await startOtlpCaptureReceiver();
    let asked = 0;
    const refused = await sendRunTrace(
      { runId: 'r', endpoint: 'http://otel.example.com', headers: {}, content: false, secrets: [] },
      {
        transcriptOf: () => {
          throw new Error('not read');
        },
        appVersion: '0.1.0',
        fetchFn: () => {
          asked += 1;
          return fetch('about:blank');
        },
      },
    );
    expect(reasonOf(refused)).toContain('use https');
    expect(asked).toBe(0);
  });
});
