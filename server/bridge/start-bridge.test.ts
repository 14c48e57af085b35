// The bridge against real stdio servers (the SDK's, in a child process) and a real SDK client over HTTP: who
// gets in, what Loupe sees, and what happens when a child crashes or the bridge stops.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpPostHeaders, rawInitialize, rawRequest } from '../raw-request.test-support';
import {
  connectClient,
  isAlive,
  LOUPE,
  recordingLog,
  testServer,
  textOf,
  type RecordingLog,
} from './bridge.test-support';
import { startBridge, type BridgeHandle } from './start-bridge';

const immediateRestart = { maxRestarts: 2, backoff: () => Promise.resolve() };
const initialize = rawInitialize('raw');
const mcpHeaders = mcpPostHeaders;

describe('the stdio bridge lets Loupe in, and nobody else', () => {
  let bridge: BridgeHandle;
  let log: RecordingLog;
  let url: string;
  const bare = () => `http://127.0.0.1:${bridge.port}/mcp`;

  beforeAll(async () => {
    log = recordingLog();
    bridge = await startBridge({
      servers: [testServer({ env: { STDIO_TEST_SECRET: 's3cret' } })],
      allowedOrigins: [LOUPE],
      log,
      restart: immediateRestart,
      maxRequestBytes: 2048,
    });
    url = bridge.urls[0]?.url ?? '';
  });
  afterAll(async () => {
    await bridge.close();
  });

  it('prints a URL on 127.0.0.1 that carries the token, and Loupe connects with it and calls tools', async () => {
    expect(url).toBe(`http://127.0.0.1:${bridge.port}/mcp?token=${bridge.token}`);
    expect(bridge.token.length).toBeGreaterThanOrEqual(43);
    const { client } = await connectClient(url);
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(['echo', 'whoami', 'shout', 'crash']);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('echo: hi');
    // The child gets the configured environment.
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toMatch(/secret=s3cret$/);
    await client.close();
  });

  it('accepts the token as a header instead of in the URL', async () => {
    const { client } = await connectClient(bare(), { origin: LOUPE, 'loupe-bridge-token': bridge.token });
    expect((await client.listTools()).tools).toHaveLength(4);
    await client.close();
  });

  it('refuses a missing, wrong, shorter or longer token (401), before any child starts', async () => {
    const before = bridge.childPids().length;
    const tokens = ['', 'x', bridge.token.slice(0, -1), `${bridge.token}x`, bridge.token.toUpperCase()];
    for (const token of [undefined, ...tokens]) {
      const target = token === undefined ? bare() : `${bare()}?token=${encodeURIComponent(token)}`;
      const answer = await rawRequest(target, {
        method: 'POST',
        headers: { ...mcpHeaders, origin: LOUPE },
        body: initialize,
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatch(/bridge token/);
    }
    const wrongHeader = await rawRequest(bare(), {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE, 'loupe-bridge-token': 'nope' },
      body: initialize,
    });
    expect(wrongHeader.status).toBe(401);
    expect(bridge.childPids()).toHaveLength(before);
  });

  it('refuses a foreign Origin and Origin: null even with the token, and gives them no CORS headers', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:8080',
      'null',
      'http://localhost.evil.example:5173',
    ]) {
      const answer = await rawRequest(url, { method: 'POST', headers: { ...mcpHeaders, origin }, body: initialize });
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await rawRequest(url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
    // A cross-site load without an Origin (an <img>, a form) is refused too.
    const image = await rawRequest(url, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(image.status).toBe(403);
  });

  it("gives a foreign page nothing of Loupe's open session: its stream, its calls, its end, or a WebSocket", async () => {
    const { client } = await connectClient(url);
    await client.listTools();
    const transport = (client as unknown as { transport?: { sessionId?: string } }).transport;
    const sessionId = transport?.sessionId ?? '';
    expect(sessionId).not.toBe('');
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x' } },
    });
    for (const origin of ['https://evil.example', 'null']) {
      const session = { ...mcpHeaders, origin, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
      // A CORS-safelisted ("simple") POST, which a page can send without a preflight, with the token and the session.
      const simple = await rawRequest(url, {
        method: 'POST',
        headers: { ...session, 'content-type': 'text/plain' },
        body: call,
      });
      expect([simple.status, simple.body.includes('echo: x')]).toEqual([403, false]);
      for (const method of ['GET', 'DELETE'])
        expect((await rawRequest(url, { method, headers: session })).status).toBe(403);
      const upgrade = await rawRequest(url, {
        headers: {
          origin,
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      expect(upgrade.status).not.toBe(101);
      expect(upgrade.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Without the token, even Loupe's own origin with a live session id gets nowhere.
    const noToken = await rawRequest(bare(), {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' },
      body: call,
    });
    expect(noToken.status).toBe(401);
    // Loupe's session is untouched by all of it.
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('echo: still here');
    await client.close();
  });

  it('refuses a Host that is not this machine (DNS rebinding)', async () => {
    const answer = await rawRequest(url, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE, host: `attacker.example:${bridge.port}` },
      body: initialize,
    });
    expect(answer.status).toBe(403);
  });

  it("answers Loupe's preflight with exactly the headers a streamable HTTP client needs", async () => {
    const preflight = await rawRequest(url, {
      method: 'OPTIONS',
      headers: {
        origin: LOUPE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,mcp-session-id',
        'access-control-request-private-network': 'true',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(LOUPE);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, DELETE');
    const allowed = String(preflight.headers['access-control-allow-headers']).split(', ');
    for (const header of [
      'content-type',
      'accept',
      'mcp-session-id',
      'mcp-protocol-version',
      'mcp-method',
      'mcp-name',
      'last-event-id',
      'loupe-bridge-token',
    ])
      expect(allowed).toContain(header);
    expect(preflight.headers['access-control-allow-private-network']).toBe('true');
    const answer = await rawRequest(url, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE },
      body: initialize,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(LOUPE);
    expect(answer.headers['access-control-expose-headers']).toBe('Mcp-Session-Id, Mcp-Protocol-Version');
    expect(answer.headers['mcp-session-id']).toMatch(/^[\w-]{36}$/);
  });

  it('listens on 127.0.0.1 only', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address !== undefined && !address.internal && address.family === 'IPv4');
    const refused = await rawRequest(`http://[::1]:${bridge.port}/mcp`).catch(
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    if (external !== undefined) {
      const outside = await rawRequest(`http://${external.address}:${bridge.port}/mcp`).catch(
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(outside).toBe('ECONNREFUSED');
    }
  });

  it('caps bodies (413) and says what is wrong with a bad request', async () => {
    const big = await rawRequest(url, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(4096) } }),
    });
    expect(big.status).toBe(413);
    const notJson = await rawRequest(url, { method: 'POST', headers: { ...mcpHeaders, origin: LOUPE }, body: '{' });
    expect(notJson.status).toBe(400);
    const noSession = await rawRequest(url, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(noSession.status).toBe(400);
    const unknownSession = await rawRequest(url, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE, 'mcp-session-id': 'forged' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(unknownSession.status).toBe(404);
    const elsewhere = await rawRequest(`http://127.0.0.1:${bridge.port}/other?token=${bridge.token}`, {
      method: 'POST',
      headers: { ...mcpHeaders, origin: LOUPE },
      body: initialize,
    });
    expect(elsewhere.status).toBe(404);
  });

  it("prints each stderr line in the terminal and sends it to Loupe's server log", async () => {
    const connection = await connectClient(url);
    // The start-up line (written before anyone connected) reaches Loupe too.
    expect(connection.logs.some((line) => /^test server pid=\d+$/.test(line))).toBe(true);
    await connection.client.callTool({ name: 'shout', arguments: { line: 'hello from stderr' } });
    await connection.waitForLog(/^hello from stderr$/);
    await log.waitFor(/^\[test\] hello from stderr$/);
    await connection.client.close();
  });
});

describe('a crashing child', () => {
  it('is restarted and re-initialized, the call it ran fails plainly, and the connection goes on', async () => {
    const log = recordingLog();
    const bridge = await startBridge({
      servers: [testServer()],
      allowedOrigins: [LOUPE],
      log,
      restart: immediateRestart,
    });
    try {
      const { client, waitForLog } = await connectClient(bridge.urls[0]?.url ?? '');
      const firstPid = textOf(await client.callTool({ name: 'whoami', arguments: {} }));
      await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toThrow(
        /stopped \(it exited\) while handling this request; the bridge restarts it, try again\. Its last output: .*about to crash/,
      );
      await waitForLog(/restarting it \(restart 1 of 2\)/);
      await waitForLog(/connection goes on/);
      const secondPid = textOf(await client.callTool({ name: 'whoami', arguments: {} }));
      expect(secondPid).not.toBe(firstPid);
      await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toThrow(/restarts it/);
      await waitForLog(/restart 2 of 2/);
      await waitForLog(/connection goes on/);
      // Past the bound the bridge stops trying and says so, in Loupe and in the terminal.
      await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toThrow(/stopped \(it exited\)/);
      await waitForLog(/stopped 3 times; the bridge gave up/);
      await expect(client.listTools()).rejects.toThrow(/gave up/);
      expect(log.lines.some((line) => /^\[test\] .*gave up/.test(line))).toBe(true);
      await client.close();
    } finally {
      await bridge.close();
    }
  });

  it('that exits at start is reported with its last output, not retried', async () => {
    const log = recordingLog();
    const bridge = await startBridge({
      servers: [testServer({ env: { STDIO_TEST_EXIT_AT_START: '1' } })],
      allowedOrigins: [LOUPE],
      log,
      restart: immediateRestart,
    });
    try {
      await log.waitFor(/stopped before Loupe connected/);
      await expect(connectClient(bridge.urls[0]?.url ?? '')).rejects.toThrow(
        /before it answered initialize\. Its last output: .*STDIO_TEST_SECRET is not set/,
      );
      expect(log.lines.filter((line) => line.includes('restarting'))).toEqual([]);
    } finally {
      await bridge.close();
    }
  });

  it('that cannot be started at all stops the bridge from starting, or fails the connection plainly', async () => {
    const missing = testServer({ command: '/nonexistent/stdio-server' });
    await expect(startBridge({ servers: [missing], allowedOrigins: [LOUPE], log: recordingLog() })).rejects.toThrow(
      /ENOENT/,
    );
    const bridge = await startBridge({
      servers: [missing],
      allowedOrigins: [LOUPE],
      log: recordingLog(),
      warmStart: false,
    });
    try {
      await expect(connectClient(bridge.urls[0]?.url ?? '')).rejects.toThrow(
        /could not start .*nonexistent\/stdio-server.*ENOENT/,
      );
    } finally {
      await bridge.close();
    }
  });
});

describe('stopping the bridge', () => {
  it("stops every child (the warm one and each connection's) before it returns", async () => {
    const bridge = await startBridge({ servers: [testServer()], allowedOrigins: [LOUPE], log: recordingLog() });
    const first = await connectClient(bridge.urls[0]?.url ?? '');
    const second = await connectClient(bridge.urls[0]?.url ?? '');
    await second.client.callTool({ name: 'echo', arguments: { text: 'x' } });
    const pids = bridge.childPids();
    // The first connection took the warm child, the second started its own.
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isAlive(pid)).toBe(true);
    await bridge.close();
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    await Promise.allSettled([first.client.close(), second.client.close()]);
  });

  it('closes the least recently used connection past the cap, child and all', async () => {
    const bridge = await startBridge({
      servers: [testServer()],
      allowedOrigins: [LOUPE],
      log: recordingLog(),
      maxSessionsPerServer: 1,
      warmStart: false,
    });
    try {
      const first = await connectClient(bridge.urls[0]?.url ?? '');
      const firstPid = Number(
        /pid=(\d+)/.exec(textOf(await first.client.callTool({ name: 'whoami', arguments: {} })))?.[1],
      );
      const second = await connectClient(bridge.urls[0]?.url ?? '');
      expect(bridge.childPids()).toHaveLength(1);
      expect(bridge.childPids()).not.toContain(firstPid);
      await expect(first.client.listTools()).rejects.toThrow();
      await second.client.close();
    } finally {
      await bridge.close();
    }
  });
});
