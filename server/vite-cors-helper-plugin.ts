// Vite plugin: the CORS helper, started only when the person asks for it (the "Connect through the CORS
// helper" button), by the dev server or `vite preview` that serves Loupe.
//
// How the page gets the per-start token: from `POST /__loupe/cors-helper` on Loupe's own server, answered
// only to a same-origin request and with no CORS headers. Another web page can send that request but cannot
// read the answer (the same-origin policy), and a DNS-rebinding page fails the Host check (ours and Vite's
// `allowedHosts`). A Vite `define` would also work, but it would bake the token into the built files on disk
// and into every module a page can load; the endpoint keeps it in memory, one per server start.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connect, Plugin } from 'vite';
import { loopbackOrigins, parseOriginList } from './check-request-origin.ts';
import { createHelperToken, startCorsHelper, type CorsHelperHandle } from './cors-helper.ts';
import { LOOPBACK_HOSTNAMES } from './loopback.ts';

export const CORS_HELPER_ENDPOINT = '/__loupe/cors-helper';

/** What `POST /__loupe/cors-helper` answers: where the helper listens and the header it needs. */
export interface CorsHelperGrant {
  url: string;
  header: 'Loupe-Helper-Token';
  token: string;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** Why a request to the endpoint is not Loupe's own page on this machine, or undefined. */
function refuseForeign(request: IncomingMessage): string | undefined {
  const host = request.headers.host ?? '';
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return 'Bad Host header.';
  }
  if (!LOOPBACK_HOSTNAMES.includes(hostname)) return 'The CORS helper is offered on loopback addresses only.';
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return 'Only Loupe itself may ask for the CORS helper.';
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return 'Only Loupe itself may ask for the CORS helper.';
  if (request.method === 'POST' && origin === undefined) return 'Only Loupe itself may ask for the CORS helper.';
  return undefined;
}

async function listen(options: { token: string; allowedOrigins: string[] }): Promise<CorsHelperHandle> {
  const preferred = Number(process.env.LOUPE_CORS_HELPER_PORT ?? 3002);
  try {
    return await startCorsHelper({ ...options, port: preferred });
  } catch {
    return startCorsHelper({ ...options, port: 0 });
  }
}

export function corsHelperPlugin(): Plugin {
  const token = createHelperToken();
  let helper: Promise<CorsHelperHandle> | undefined;

  function mount(middlewares: Connect.Server, httpServer: HttpServer | null, label: string): void {
    httpServer?.once('close', () => void helper?.then((handle) => handle.close()));
    middlewares.use(CORS_HELPER_ENDPOINT, (request, response) => {
      const refusal = refuseForeign(request);
      if (refusal !== undefined) return json(response, 403, { error: refusal });
      if (request.method === 'GET') return json(response, 200, { available: true });
      if (request.method !== 'POST') return json(response, 405, { error: 'Use POST to start the helper.' });
      const port = (httpServer?.address() as AddressInfo | null)?.port;
      const allowedOrigins = [
        ...(port === undefined ? [] : loopbackOrigins(port)),
        ...parseOriginList(process.env.LOUPE_ALLOWED_ORIGINS),
      ];
      helper ??= listen({ token, allowedOrigins }).then((handle) => {
        console.info(`[${label}] CORS helper started on request: ${handle.url} (local servers only)`);
        return handle;
      });
      helper.then(
        (handle) => json(response, 200, { url: handle.url, header: 'Loupe-Helper-Token', token }),
        (error: unknown) => {
          helper = undefined;
          json(response, 500, {
            error: `The CORS helper could not start: ${error instanceof Error ? error.message : 'unknown error'}`,
          });
        },
      );
    });
  }

  return {
    name: 'loupe-cors-helper',
    configureServer(server) {
      mount(server.middlewares, server.httpServer as HttpServer | null, 'dev');
    },
    configurePreviewServer(server) {
      mount(server.middlewares, server.httpServer as HttpServer | null, 'preview');
    },
  };
}
