// Test support for the local servers: HTTP requests with full control of Host, Origin and body (fetch forbids
// setting Host), and tiny upstream servers that record what reached them.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to `url` with exactly these headers; a cut connection resolves as status 0. */
export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', () => resolve({ status: 0, headers: response.headers, body: '' }));
      response.on('aborted', () => resolve({ status: 0, headers: response.headers, body: '' }));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve({ status: 0, headers: {}, body: '' });
      else reject(error);
    });
    outgoing.end(init.body);
  });
}

export interface RecordingServer {
  url: string;
  /** Every request that reached it, in order. */
  seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/** A loopback server that records each request and answers with `answer` (default: 200 JSON, no CORS). */
export async function startRecordingServer(
  answer: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'abc' }).end('{"ok":true}');
  },
): Promise<RecordingServer> {
  const seen: RecordingServer['seen'] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      seen.push({
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString(),
      });
      answer(incoming, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A raw MCP `initialize` request body (id 1, protocol 2025-06-18) from a client named `clientName`. */
export function rawInitialize(clientName: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '1' } },
  });
}

/** The headers of a Streamable HTTP POST (JSON in, JSON or an event stream back). */
export const mcpPostHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
