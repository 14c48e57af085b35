// A real OTLP/HTTP trace receiver for the tests: POST /v1/traces with a JSON ExportTraceServiceRequest, each
// request checked against the protobuf schema (throughProto) and kept; answers `{}` (a full success) with CORS.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { throughProto } from './otlp-proto';

export interface OtlpReceiver {
  url: string;
  /** Each request received, as decoded through the protobuf schema. */
  received: unknown[];
  /** The headers of each request. */
  headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: unknown[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST' || request.url !== '/v1/traces') return void response.writeHead(404).end();
    if (!String(request.headers['content-type']).startsWith('application/json')) {
      return void response.writeHead(415).end();
    }
    void readBody(request).then((body) => {
      try {
        received.push(throughProto(JSON.parse(body)).decoded);
        headers.push(request.headers);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    received,
    headers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
