// The 2026-07-28 (stateless) leg of Loupe's local MCP servers: the SDK v2 handler, mounted on node:http by hand.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createMcpHandler, isLegacyRequest, type McpServer as ModernMcpServer } from '@modelcontextprotocol/server';

export type { McpServer as ModernMcpServer } from '@modelcontextprotocol/server';

/** The modern leg: tells 2025-era requests apart and answers the rest. */
export interface ModernLeg {
  /** Whether `body` (already read from `request`) is a 2025-era message for the stateful leg. */
  isLegacy(request: IncomingMessage, body: unknown): Promise<boolean>;
  /** Answers a modern request (its body already read and parsed). */
  serve(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

/**
 * A web `Request` for a node request whose body was read already. `signal` aborts it: the SDK handler then tears
 * the exchange down, which is how a 2026-07-28 server learns its client cancelled (it closed the request stream).
 */
function toWebRequest(request: IncomingMessage, body: unknown, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const method = request.method ?? 'GET';
  return new Request(url, {
    method,
    headers,
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** Writes a web `Response` to node, streaming its body (an SSE stream ends when the client goes away). */
async function sendWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  response.writeHead(answer.status, headers);
  if (answer.body === null) {
    response.end();
    return;
  }
  const stream = Readable.fromWeb(answer.body as unknown as NodeReadableStream<Uint8Array>);
  response.on('close', () => stream.destroy());
  await new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', () => resolve());
    stream.pipe(response);
  });
}

/**
 * The modern leg over a per-request server from `createServer`. `legacy: 'reject'` makes a modern-only server
 * (2025-era requests get the unsupported-protocol-version error); `'route'` leaves them to the caller's
 * stateful leg (`isLegacy` says which).
 */
export function createModernLeg(createServer: () => ModernMcpServer, legacy: 'reject' | 'route'): ModernLeg {
  const handler = createMcpHandler(() => createServer(), { legacy: legacy === 'reject' ? 'reject' : 'stateless' });
  return {
    async isLegacy(request, body) {
      if (legacy === 'reject') return false;
      return isLegacyRequest(toWebRequest(request, body), body);
    },
    async serve(request, response, body) {
      // The client may close its stream before the handler has answered (a Stop while the tool runs): listen for
      // that from the start, not only once an answer streams.
      const gone = new AbortController();
      response.on('close', () => {
        if (!response.writableFinished) gone.abort();
      });
      const answer = await handler.fetch(toWebRequest(request, body, gone.signal), { parsedBody: body });
      await sendWebResponse(answer, response);
    },
    close: () => handler.close(),
  };
}
