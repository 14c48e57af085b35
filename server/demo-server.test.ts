import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviseClothing, lookUpWeather, startDemoServer } from './demo-server';
import { rawRequest } from './raw-request.test-support';

const LOUPE = 'http://localhost:5173';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

describe('demo server over HTTP', () => {
  let server: Awaited<ReturnType<typeof startDemoServer>>;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0, allowedOrigins: [LOUPE] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('binds 127.0.0.1 and serves /mcp', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('answers a CORS preflight with 204 and the allowed headers', async () => {
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: LOUPE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(LOUPE);
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'authorization', 'last-event-id'])
      expect(allowed).toContain(header);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
  });

  it('exposes Mcp-Session-Id on an initialize POST', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: LOUPE,
      },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(LOUPE);
    expect(response.headers.get('access-control-expose-headers')).toBe('Mcp-Session-Id');
    expect(response.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).toContain('loupe-demo');
  });

  it('answers other paths with 404, and an unknown session with 404, both with CORS headers', async () => {
    const other = await fetch(server.url.replace('/mcp', '/elsewhere'), { headers: { origin: LOUPE } });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('/mcp');
    expect(other.headers.get('access-control-allow-origin')).toBe(LOUPE);
    const stale = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'gone',
        origin: LOUPE,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(stale.status).toBe(404);
    expect(stale.headers.get('access-control-allow-origin')).toBe(LOUPE);
  });

  it('refuses a foreign page, Origin: null and a rebinding Host, and tells the page nothing', async () => {
    const post = (headers: Record<string, string>) =>
      rawRequest(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(initialize),
      });
    for (const origin of ['https://evil.example', 'null', 'http://localhost:8080']) {
      const answer = await post({ origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['mcp-session-id']).toBeUndefined();
    }
    const preflight = await rawRequest(server.url, {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    const rebound = await post({ host: `attacker.example:${new URL(server.url).port}`, origin: LOUPE });
    expect(rebound.status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('refuses an oversized body with 413', async () => {
    const answer = await rawRequest(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: LOUPE },
      body: Buffer.alloc(5 * 1024 * 1024, 'x'),
    });
    expect([0, 413]).toContain(answer.status);
  });

  it('binds a loopback address only', async () => {
    await expect(startDemoServer({ port: 0, host: '0.0.0.0' })).rejects.toThrow('loopback');
  });
});

describe('demo tools', () => {
  it('gives every city the same weather each time, in range', () => {
    for (const city of ['Paris', 'Osaka', 'Reykjavík', 'São Paulo']) {
      const report = lookUpWeather(city);
      expect(report).toEqual(lookUpWeather(city));
      expect(lookUpWeather(city.toUpperCase())?.temperatureC).toBe(report?.temperatureC);
      expect(report?.temperatureC).toBeGreaterThanOrEqual(-10);
      expect(report?.temperatureC).toBeLessThanOrEqual(35);
      expect(['sunny', 'cloudy', 'rain', 'snow', 'windy']).toContain(report?.conditions);
      if (report?.conditions === 'snow') expect(report.temperatureC).toBeLessThanOrEqual(2);
    }
    expect(lookUpWeather('')).toBeUndefined();
    expect(lookUpWeather('1234')).toBeUndefined();
  });

  it('advises rain gear in rain and light clothes in heat', () => {
    expect(adviseClothing(12, 'rain')).toMatch(/umbrella/);
    expect(adviseClothing(30, 'sunny', 'cycling')).toMatch(/hot[\s\S]*sunscreen[\s\S]*cycling/);
  });
});
