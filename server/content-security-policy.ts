// The one Content-Security-Policy of the app: vite.config.ts sends it as a header (dev and preview), the
// build writes it into a <meta> for hosts that cannot send headers, public/_headers repeats it (a test keeps
// them equal), and docs/SECURITY.md shows it for nginx.

/**
 * The directives. Why each one:
 * - `script-src 'self' 'wasm-unsafe-eval'`: no inline script and never `'unsafe-eval'` (JSON Schema
 *   validation is CSP-safe); `'wasm-unsafe-eval'` only lets WebAssembly compile, for the QuickJS sandbox
 *   that runs local tools inside the worker. The dev server's inline React-refresh preamble is moved to a
 *   file by `vite-security-plugin.ts`, so dev needs no exception either.
 * - `worker-src 'self' blob:`: the engine and Monaco workers are files of the app; Monaco may start blob ones.
 * - `connect-src *`: the person chooses the model endpoint and MCP servers at run time, any host. (`*` also
 *   covers the dev server's HMR WebSocket.)
 * - `style-src 'unsafe-inline'`: Monaco and Vite's dev CSS set inline styles; styles cannot run script.
 * - `frame-ancestors 'none'`: no page may frame Loupe (clickjacking of Approve, Run, key fields). A `<meta>`
 *   cannot carry it, which is why the policy must be a header.
 * - `object-src`, `base-uri`, `form-action`: nothing legitimate uses them.
 */
const directives: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self' 'wasm-unsafe-eval'"],
  ['worker-src', "'self' blob:"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', '*'],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

/** Directives a `<meta http-equiv>` policy ignores (and browsers warn about). */
const headerOnly = new Set(['frame-ancestors']);

/** The policy sent as the `Content-Security-Policy` header on every response (HTML, scripts, workers). */
export const contentSecurityPolicy = directives.map(([name, value]) => `${name} ${value}`).join('; ');

/** The same policy without header-only directives, for the build's `<meta>` (hosts that send no headers). */
export const metaContentSecurityPolicy = directives
  .filter(([name]) => !headerOnly.has(name))
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');

/**
 * The extra policy of the local-tool sandbox worker (QuickJS in WebAssembly, one worker per call): nothing
 * but its own module scripts and WebAssembly — no fetch, no WebSocket, no import from elsewhere, even if
 * the interpreter were escaped. Sent beside the app's policy; a browser enforces both, so the stricter wins.
 */
export const sandboxWorkerContentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'";

/** The sandbox worker's script, as the dev server (`…/sandbox-worker-entry.ts?worker_file…`) and the build name it. */
const sandboxWorkerPath = /\/sandbox-worker-entry(?:-[\w-]+\.js|\.ts)(?:\?|$)/;

/** Whether `path` (with any query) is the local-tool sandbox worker's script. */
export function isSandboxWorkerPath(path: string): boolean {
  return sandboxWorkerPath.test(path);
}

/**
 * Every header Loupe's own servers send with each response. Beside the CSP: `X-Frame-Options` for browsers
 * that predate `frame-ancestors`, no MIME sniffing, and no Referer (URLs may hold server addresses).
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Opt-in cross-origin isolation (`LOUPE_CROSS_ORIGIN_ISOLATED=1`), so the In-browser (GGUF) provider gets
 * SharedArrayBuffer and runs llama.cpp on every core. `credentialless` (not `require-corp`): cross-origin loads
 * without a `Cross-Origin-Resource-Policy` still work, without cookies; CORS-mode fetches (MCP servers, model
 * APIs) are not touched by COEP at all. Off by default: Safari has no `credentialless`, and a page in an MCP App
 * frame that embeds another site's page fails under it (docs/in-browser-model.md).
 */
export const crossOriginIsolationHeaders: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'credentialless',
};

/** The page that hosts MCP Apps (public/mcp-app-sandbox.html), framed by Loupe on an opaque origin. */
export const mcpAppSandboxPath = '/mcp-app-sandbox.html';

/** Where an app's page may load from or connect to at most; its own `<meta>` policy (from `ui.csp`) narrows it. */
const appSources = 'https: http://localhost:* http://127.0.0.1:*';

/**
 * The policy of the MCP App sandbox page, sent instead of the app's (not beside it: the app's page inside
 * needs inline script, which Loupe's own policy forbids). Why each one:
 * - `sandbox allow-scripts` (header-only): the page is on an opaque origin however it is opened — framed by
 *   Loupe with `sandbox="allow-scripts"`, opened directly, or framed without a sandbox attribute — so it can
 *   never read Loupe's storage, cookies or key, nor script Loupe's page.
 * - `frame-ancestors 'self'`: only Loupe frames it.
 * - The rest is the ceiling for the app's page, which inherits this policy (an `about:srcdoc` frame does):
 *   inline script and style, and https or loopback sources. Loupe writes the app's own policy into its page
 *   as a `<meta>`, built from the resource's `ui.csp` (nothing but inline by default); both apply, so the
 *   stricter wins. Never `'unsafe-eval'`, plugins, forms or a `<base>` elsewhere.
 */
export const mcpAppSandboxContentSecurityPolicy = [
  "default-src 'none'",
  `script-src 'self' 'unsafe-inline' ${appSources}`,
  `style-src 'unsafe-inline' ${appSources}`,
  `img-src data: blob: ${appSources}`,
  `font-src data: ${appSources}`,
  `media-src data: blob: ${appSources}`,
  `connect-src ${appSources} wss: ws://localhost:* ws://127.0.0.1:*`,
  `frame-src ${appSources}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

/** Every header of the MCP App sandbox page: its own policy, framing by Loupe only, no sniffing, no Referer. */
export const mcpAppSandboxHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': mcpAppSandboxContentSecurityPolicy,
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Whether `path` (with any query) is the MCP App sandbox page. */
export function isMcpAppSandboxPath(path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0];
  return bare === mcpAppSandboxPath;
}
