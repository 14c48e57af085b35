// What the CORS helper must relay faithfully for Loupe: headers both ways, SSE as it streams, whole MCP sessions.
import { request } from 'node:http';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer } from '../src/mcp/connection/connect-mcp-server';
import {
  createHelperToken,
  HELPER_TOKEN_HEADER,
  proxiedUrl,
  startCorsHelper,
  type CorsHelperHandle,
} from './cors-helper';
import { startDemoServer } from './demo-server';
import { rawRequest, startRecordingServer, type RecordingServer } from './raw-request.test-support';

const LOUPE = 'http://127.0.0.1:5173';
const token = createHelperToken();

describe('CORS helper relays for Loupe', () => {
  let helper: CorsHelperHandle;
  let bare: RecordingServer;
  let streaming: RecordingServer;
  let demo: Awaited<ReturnType<typeof startDemoServer>>;
  let openStream: ServerResponse | undefined;
  let streamOpened: () => void = () => undefined;

  beforeAll(async () => {
    helper = await startCorsHelper({ token, allowedOrigins: [LOUPE] });
    bare = await startRecordingServer();
    streaming = await startRecordingServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write('event: message\ndata: {"n":1}\n\n');
      openStream = response;
      streamOpened();
    });
    demo = await startDemoServer({ port: 0, allowedOrigins: [LOUPE] });
  });
  afterAll(async () => {
    await Promise.all([helper.close(), bare.close(), streaming.close(), demo.close()]);
  });

  it('adds CORS for the page, passes Authorization, session and Origin on, keeps cookies and the token back', async () => {
    const answer = await rawRequest(proxiedUrl(helper.url, `${bare.url}/mcp`), {
      method: 'POST',
      headers: {
        origin: LOUPE,
        [HELPER_TOKEN_HEADER]: token,
        authorization: 'Bearer server-token',
        'mcp-session-id': 's1',
        'x-team': 'core',
        cookie: 'secret=1',
        'content-type': 'application/json',
      },
      body: '{"jsonrpc":"2.0"}',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(LOUPE);
    expect(answer.headers['access-control-expose-headers']).toContain('mcp-session-id');
    expect(answer.headers['mcp-session-id']).toBe('abc');
    const seen = bare.seen.at(-1);
    expect(seen?.body).toBe('{"jsonrpc":"2.0"}');
    expect(seen?.headers).toMatchObject({
      authorization: 'Bearer server-token',
      'mcp-session-id': 's1',
      'x-team': 'core',
      origin: LOUPE,
      host: new URL(bare.url).host,
    });
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers[HELPER_TOKEN_HEADER]).toBeUndefined();
  });

  it('answers the preflight for Loupe with the headers it asked for', async () => {
    const answer = await rawRequest(proxiedUrl(helper.url, `${bare.url}/mcp`), {
      method: 'OPTIONS',
      headers: {
        origin: LOUPE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, loupe-helper-token, mcp-session-id',
        'access-control-request-private-network': 'true',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(LOUPE);
    expect(answer.headers['access-control-allow-headers']).toContain('loupe-helper-token');
    expect(answer.headers['access-control-allow-methods']).toContain('POST');
    expect(answer.headers['access-control-allow-private-network']).toBe('true');
  });

  it('streams SSE events as they are written, not when the stream ends', async () => {
    const opened = new Promise<void>((resolve) => (streamOpened = resolve));
    const firstEvent = new Promise<{ first: string; rest: Promise<string> }>((resolve, reject) => {
      const outgoing = request(
        proxiedUrl(helper.url, `${streaming.url}/mcp`),
        { headers: { origin: LOUPE, [HELPER_TOKEN_HEADER]: token, accept: 'text/event-stream' } },
        (response) => {
          response.setEncoding('utf8');
          let text = '';
          const rest = new Promise<string>((done) => response.on('end', () => done(text)));
          response.once('data', (chunk: string) => {
            text += chunk;
            response.on('data', (more: string) => (text += more));
            resolve({ first: chunk, rest });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
    await opened;
    // The upstream has written event 1 and holds the stream open: it must reach us before anything else.
    const { first, rest } = await firstEvent;
    expect(first).toContain('"n":1');
    openStream?.end('event: message\ndata: {"n":2}\n\n');
    expect(await rest).toContain('"n":2');
  });

  it('carries a whole MCP session (initialize, tools/list, call, close) through to the demo server', async () => {
    const connection = await connectMcpServer({
      id: 's',
      name: 'demo',
      url: proxiedUrl(helper.url, demo.url),
      headers: { 'Loupe-Helper-Token': token },
    });
    expect(connection.listedTools.map((tool) => tool.name)).toContain('weather.get');
    await connection.close();
  });

  it('says plainly when nothing answers at the target', async () => {
    const answer = await rawRequest(proxiedUrl(helper.url, 'http://127.0.0.1:1/mcp'), {
      headers: { origin: LOUPE, [HELPER_TOKEN_HEADER]: token },
    });
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('Nothing answers at 127.0.0.1:1');
  });
});
