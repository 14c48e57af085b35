// Attacks on the CORS helper, each of which must fail without the target ever being reached.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHelperToken, proxiedUrl, startCorsHelper, type CorsHelperHandle } from './cors-helper';
import { rawRequest, startRecordingServer, type RecordingServer } from './raw-request.test-support';

const LOUPE = 'http://localhost:5173';
const token = createHelperToken();

describe('CORS helper refuses attackers', () => {
  let helper: CorsHelperHandle;
  let target: RecordingServer;
  let redirector: RecordingServer;
  let big: RecordingServer;

  beforeAll(async () => {
    helper = await startCorsHelper({ token, allowedOrigins: [LOUPE], maxRequestBytes: 1024, maxResponseBytes: 4096 });
    target = await startRecordingServer();
    redirector = await startRecordingServer((request, response) => {
      const to = request.url?.includes('local') ? `${target.url}/mcp` : 'http://attacker.example/steal';
      response.writeHead(request.url?.includes('307') ? 307 : 302, { location: to }).end();
    });
    big = await startRecordingServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('data: x\n\n'.repeat(1000));
    });
  });
  afterAll(async () => {
    await Promise.all([helper.close(), target.close(), redirector.close(), big.close()]);
  });
  beforeEach(() => {
    target.seen.length = 0;
  });

  const loupeHeaders = { origin: LOUPE, 'loupe-helper-token': token, 'content-type': 'application/json' };
  const post = (serverUrl: string, headers: Record<string, string>, body = '{}') =>
    rawRequest(proxiedUrl(helper.url, serverUrl), { method: 'POST', headers, body });

  it('relays for Loupe with its token (the baseline the attacks below differ from)', async () => {
    const answer = await post(`${target.url}/mcp`, loupeHeaders);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(LOUPE);
    expect(target.seen).toHaveLength(1);
  });

  it('refuses a foreign Origin, even with the right token, and tells it nothing', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:8080', 'http://localhost.evil.example:5173']) {
      const answer = await post(`${target.url}/mcp`, { ...loupeHeaders, origin });
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await rawRequest(proxiedUrl(helper.url, `${target.url}/mcp`), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(target.seen).toHaveLength(0);
  });

  it('refuses Origin: null (sandboxed frames, file: and data: pages)', async () => {
    const answer = await post(`${target.url}/mcp`, { ...loupeHeaders, origin: 'null' });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('null');
    expect(target.seen).toHaveLength(0);
  });

  it('refuses a missing or wrong token, for GET too', async () => {
    const { 'loupe-helper-token': _token, ...withoutToken } = loupeHeaders;
    expect((await post(`${target.url}/mcp`, withoutToken)).status).toBe(403);
    expect(
      (await post(`${target.url}/mcp`, { ...loupeHeaders, 'loupe-helper-token': createHelperToken() })).status,
    ).toBe(403);
    expect((await post(`${target.url}/mcp`, { ...loupeHeaders, 'loupe-helper-token': 'short' })).status).toBe(403);
    const get = await rawRequest(proxiedUrl(helper.url, `${target.url}/mcp`), { headers: { origin: LOUPE } });
    expect(get.status).toBe(403);
    expect(get.body).toContain('Loupe-Helper-Token');
    expect(target.seen).toHaveLength(0);
  });

  it('refuses a Host that is not loopback (DNS rebinding)', async () => {
    const port = new URL(helper.url).port;
    for (const host of [`attacker.example:${port}`, `0.0.0.0:${port}`, `localhost.attacker.example:${port}`]) {
      const answer = await post(`${target.url}/mcp`, { ...loupeHeaders, host });
      expect(answer.status).toBe(403);
    }
    expect(target.seen).toHaveLength(0);
  });

  it('reaches loopback targets only', async () => {
    for (const url of [
      'http://example.com/mcp',
      'http://0.0.0.0:80/mcp',
      'http://10.0.0.1/mcp',
      'http://[::ffff:a00:1]/mcp',
      'http://localhost.attacker.example/mcp',
      'file:///etc/passwd',
      `http://user:pass@127.0.0.1:${new URL(target.url).port}/mcp`,
    ]) {
      const answer = await post(url, loupeHeaders);
      expect([400, 403]).toContain(answer.status);
      expect(answer.headers['access-control-allow-origin']).toBe(LOUPE);
    }
    expect((await post(`${helper.url}/proxy`, loupeHeaders)).status).toBe(403);
    expect(target.seen).toHaveLength(0);
  });

  it('never follows a redirect, to another host or even to a loopback one', async () => {
    const away = await post(`${redirector.url}/mcp`, loupeHeaders);
    expect(away.status).toBe(502);
    expect(away.body).toContain('never follows redirects');
    expect(away.headers.location).toBeUndefined();
    const local = await post(`${redirector.url}/local-307`, loupeHeaders);
    expect(local.status).toBe(502);
    expect(target.seen).toHaveLength(0);
  });

  it('refuses an oversized request body before the target sees it, and cuts an oversized answer', async () => {
    const declared = await post(`${target.url}/mcp`, loupeHeaders, 'x'.repeat(2048));
    expect(declared.status).toBe(413);
    const chunked = await rawRequest(proxiedUrl(helper.url, `${target.url}/mcp`), {
      method: 'POST',
      headers: { ...loupeHeaders, 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(64 * 1024, 'x'),
    });
    expect([0, 413]).toContain(chunked.status);
    expect(target.seen).toHaveLength(0);
    const answer = await post(`${big.url}/mcp`, loupeHeaders);
    expect(answer.body.length).toBeLessThanOrEqual(4096);
  });

  it('answers nothing but /proxy and refuses methods it does not relay', async () => {
    expect((await rawRequest(`${helper.url}/other`, { headers: loupeHeaders })).status).toBe(404);
    const put = await rawRequest(proxiedUrl(helper.url, `${target.url}/mcp`), { method: 'PUT', headers: loupeHeaders });
    expect(put.status).toBe(405);
    expect(target.seen).toHaveLength(0);
  });
});
