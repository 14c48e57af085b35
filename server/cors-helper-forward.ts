// The relay half of the CORS helper: one checked request to a loopback MCP server, its answer streamed back
// (SSE included) with no redirect followed and no more bytes than the cap.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Transform, type TransformCallback } from 'node:stream';
import { lookupLoopbackOnly } from './loopback.ts';

/** Headers that describe one hop (RFC 9110 §7.6.1) or the browser's side; never passed on either way. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

/**
 * Request headers kept back: cookies and the Referer belong to the helper's and the page's origin, not to the
 * target; the token is the helper's own; `accept-encoding` is dropped so streams arrive as they are written.
 * `Authorization`, `Mcp-Session-Id`, `Last-Event-ID` and the person's custom headers go on; so does `Origin`,
 * so the target's own Origin check sees the real page (the helper adds CORS, it does not launder origins).
 */
const keptBackRequestHeaders = new Set(['cookie', 'referer', 'accept-encoding']);

/** Response headers kept back: the helper writes its own CORS headers, and cookies would land on its origin. */
const keptBackResponseHeaders = new Set(['set-cookie', 'set-cookie2']);

export interface ForwardOptions {
  target: URL;
  tokenHeader: string;
  body: Buffer | undefined;
  maxResponseBytes: number;
  /** CORS headers for the calling page, added to the relayed answer. */
  corsHeaders: Record<string, string>;
  fail: (status: number, message: string) => void;
}

function forwardedRequestHeaders(incoming: IncomingHttpHeaders, tokenHeader: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || hopByHop.has(name) || keptBackRequestHeaders.has(name) || name === tokenHeader) continue;
    if (name.startsWith('sec-') || name.startsWith('access-control-')) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Passes bytes on until `limit`, then fails the stream so the caller can cut the connection. */
class ByteCap extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) callback(new Error(`The answer is larger than ${this.limit} bytes.`));
    else callback(null, chunk);
  }
}

function relayAnswer(upstream: IncomingMessage, response: ServerResponse, options: ForwardOptions): void {
  const status = upstream.statusCode ?? 502;
  const location = upstream.headers.location;
  if (status >= 300 && status < 400 && location !== undefined) {
    upstream.resume();
    options.fail(
      502,
      `The server at ${options.target.host} answered with a redirect (${status}) to ${location}. The CORS helper ` +
        'never follows redirects: connect to the final address directly if you trust it.',
    );
    return;
  }
  const headers: Record<string, string | string[]> = { ...options.corsHeaders };
  const exposed: string[] = [];
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || hopByHop.has(name) || keptBackResponseHeaders.has(name)) continue;
    if (name.startsWith('access-control-')) continue;
    headers[name] = value;
    exposed.push(name);
  }
  headers['access-control-expose-headers'] = exposed.join(', ');
  response.writeHead(status, headers);
  // SSE: every chunk is written as it arrives (no buffering, no compression), so events stream through.
  response.flushHeaders();
  const cap = new ByteCap(options.maxResponseBytes);
  upstream.on('error', () => response.destroy());
  cap.on('error', () => {
    upstream.destroy();
    response.destroy();
  });
  upstream.pipe(cap).pipe(response);
}

/** Sends one request to `options.target` (loopback only, checked again at connect time) and relays it. */
export function forwardToLoopback(request: IncomingMessage, response: ServerResponse, options: ForwardOptions): void {
  const { target } = options;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const outgoing = send(target, {
    method: request.method ?? 'GET',
    headers: {
      ...forwardedRequestHeaders(request.headers, options.tokenHeader),
      host: target.host,
      ...(options.body === undefined ? {} : { 'content-length': String(options.body.length) }),
    },
    // The name was checked before; this checks what it resolves to, so /etc/hosts or DNS cannot send the
    // connection off this machine either.
    lookup: lookupLoopbackOnly,
  });
  response.on('close', () => {
    if (!response.writableFinished) outgoing.destroy();
  });
  outgoing.on('response', (upstream) => relayAnswer(upstream, response, options));
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    if (error.code === 'ENOTLOOPBACK') options.fail(403, error.message);
    else options.fail(502, `Nothing answers at ${target.host} (${error.code ?? error.message}).`);
  });
  outgoing.end(options.body);
}
