// Vite plugin: the Content-Security-Policy (and its companions) as HTTP headers on every response of the
// dev server and `vite preview` — HTML, modules, worker scripts, assets, errors — and as a <meta> in the build
// for static hosts that send no headers. One policy: server/content-security-policy.ts.
import { createHash } from 'node:crypto';
import type { Connect, Plugin } from 'vite';
import {
  contentSecurityPolicy,
  crossOriginIsolationHeaders,
  isMcpAppSandboxPath,
  isSandboxWorkerPath,
  mcpAppSandboxHeaders,
  metaContentSecurityPolicy,
  sandboxWorkerContentSecurityPolicy,
  securityHeaders,
} from './content-security-policy.ts';

/** Where the dev server serves the inline scripts it would otherwise put into index.html. */
const inlineScriptPath = '/__loupe/inline/';

/** The headers middleware; `crossOriginIsolated` adds COOP and COEP to every response (the sandbox page's too, so it can be framed). */
export function createSecurityHeaders(options: { crossOriginIsolated: boolean }): Connect.NextHandleFunction {
  return (request, response, next) => {
    if (options.crossOriginIsolated)
      for (const [name, value] of Object.entries(crossOriginIsolationHeaders)) response.setHeader(name, value);
    setSecurityHeaders(request, response, next);
  };
}

export const setSecurityHeaders: Connect.NextHandleFunction = (request, response, next) => {
  // The MCP App sandbox page has its own headers instead (opaque origin, framed by Loupe only).
  const headers = isMcpAppSandboxPath(request.url ?? '') ? mcpAppSandboxHeaders : securityHeaders;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  // The local-tool sandbox worker gets a second, stricter policy (default-src 'none').
  if (isSandboxWorkerPath(request.url ?? ''))
    response.setHeader('Content-Security-Policy', [contentSecurityPolicy, sandboxWorkerContentSecurityPolicy]);
  next();
};

/**
 * Moves inline module scripts of the dev server's index.html (the React-refresh preamble that
 * @vitejs/plugin-react injects) into same-origin files, so dev runs under `script-src 'self'` like the
 * build, with no hash to keep in step with the plugin's version. Module scripts keep their order.
 */
function externalizeInlineScripts(html: string, scripts: Map<string, string>): string {
  return html.replace(/<script type="module">([\s\S]*?)<\/script>/g, (_whole, code: string) => {
    const name = `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.js`;
    scripts.set(name, code);
    return `<script type="module" src="${inlineScriptPath}${name}"></script>`;
  });
}

export function securityHeadersPlugin(): Plugin {
  const inlineScripts = new Map<string, string>();
  const headers = createSecurityHeaders({ crossOriginIsolated: process.env['LOUPE_CROSS_ORIGIN_ISOLATED'] === '1' });
  return {
    name: 'loupe-security-headers',
    configureServer(server) {
      // Added here (not in a returned hook), so it runs before Vite's own middlewares and covers them all.
      server.middlewares.use(headers);
      server.middlewares.use((request, response, next) => {
        const url = request.url ?? '';
        if (!url.startsWith(inlineScriptPath)) return next();
        const code = inlineScripts.get(url.slice(inlineScriptPath.length));
        if (code === undefined) return next();
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
        response.end(code);
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use(headers);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.server !== undefined) return externalizeInlineScripts(html, inlineScripts);
        return html.replace(
          '<head>',
          `<head>\n    <meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy}" />`,
        );
      },
    },
  };
}
