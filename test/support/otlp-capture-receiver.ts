// A real OTLP/HTTP receiver for the tests that keeps what it is sent as it came: POST /v1/traces and /v1/logs,
// JSON or protobuf, each body kept raw with its path and content type; answers a full success, with CORS (a page
// may send to it). `failNext` makes it refuse requests, to test a collector that says no.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedExport {
  path: '/v1/traces' | '/v1/logs';
  contentType: string;
  body: Buffer;
  headers: IncomingMessage['headers'];
}

export interface OtlpCaptureReceiver {
  /** Base URL, without `/v1/…`. */
  url: string;
  received: CapturedExport[];
  /** Answer the next `count` requests with `status` (and no CORS header when `status` is 0: a CORS failure). */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

export async function startOtlpCaptureReceiver(): Promise<OtlpCaptureReceiver> {
  const received: CapturedExport[] = [];
  let failing = { count: 0, status: 0 };
  const server = createServer((request, response) => {
    const cors =
      failing.count > 0 && failing.status === 0
        ? {}
        : { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    const path = request.url;
    if (request.method !== 'POST' || (path !== '/v1/traces' && path !== '/v1/logs'))
      return void response.writeHead(404, cors).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failing.count > 0) {
        failing = { ...failing, count: failing.count - 1 };
        return void response
          .writeHead(failing.status === 0 ? 200 : failing.status, cors)
          .end('{"message":"refused by the test"}');
      }
      received.push({
        path,
        contentType: String(request.headers['content-type']),
        body: Buffer.concat(chunks),
        headers: request.headers,
      });
      const type = String(request.headers['content-type']);
      response.writeHead(200, {
        ...cors,
        'content-type': type.includes('protobuf') ? 'application/x-protobuf' : 'application/json',
      });
      response.end(type.includes('protobuf') ? Buffer.alloc(0) : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (count, status) => {
      failing = { count, status };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
