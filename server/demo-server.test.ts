import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviseClothing, lookUpWeather, startDemoServer } from './demo-server';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

describe('demo server over HTTP', () => {
  let server: Awaited<ReturnType<typeof startDemoServer>>;
  beforeAll(async () => {
    server = await startDemoServer({ port: 0 });
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
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
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
        origin: 'http://localhost:5173',
      },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toBe('Mcp-Session-Id');
    expect(response.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).toContain('loupe-demo');
  });

  it('answers other paths with 404, and an unknown session with 404, both with CORS headers', async () => {
    const other = await fetch(server.url.replace('/mcp', '/elsewhere'));
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('/mcp');
    expect(other.headers.get('access-control-allow-origin')).toBe('*');
    const stale = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'gone',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(stale.status).toBe(404);
    expect(stale.headers.get('access-control-allow-origin')).toBe('*');
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
