// The page an MCP App runs: its HTML with Loupe's Content-Security-Policy `<meta>` first in <head>,
// built from the resource's `ui.csp` (nothing outside the page by default).
import type { McpAppCsp } from '../../protocol/mcp-app-messages';

/** An origin a person can read: scheme, host (a leading `*.` allowed) and optional port, nothing else. */
const originPattern = /^(https|wss|http|ws):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?$/i;
const loopbackHosts = new Set(['localhost', '127.0.0.1']);

/** Whether `value` may go into the app's policy: an https/wss origin, or an http/ws one on loopback. */
export function isAllowedAppOrigin(value: string): boolean {
  if (!originPattern.test(value)) return false;
  const [scheme, rest = ''] = value.split('://');
  const host = rest
    .replace(/\/$/, '')
    .replace(/:(\d+|\*)$/, '')
    .toLowerCase();
  return scheme === 'https' || scheme === 'wss' || loopbackHosts.has(host);
}

/** The app's policy and the origins of `ui.csp` that were left out (not an origin, or plain http elsewhere). */
export interface AppPolicy {
  policy: string;
  refused: string[];
}

/**
 * Builds the app page's policy from `csp`: inline script and style always (an app is one HTML document),
 * `resourceDomains` for scripts, styles, images, fonts and media, `connectDomains` for fetch and WebSocket,
 * `frameDomains` for frames, `baseUriDomains` for `<base>`; every absent list is `'none'`. Never
 * `'unsafe-eval'`, plugins or forms. Entries that are not plain origins are refused (they could smuggle
 * keywords or directives), as is plain http to anything but loopback.
 */
export function buildAppPolicy(csp: McpAppCsp | undefined): AppPolicy {
  const refused: string[] = [];
  const take = (list: string[] | undefined) =>
    (list ?? []).filter((value) => {
      const ok = isAllowedAppOrigin(value);
      if (!ok) refused.push(value);
      return ok;
    });
  const resources = take(csp?.resourceDomains).join(' ');
  const connect = take(csp?.connectDomains);
  const frames = take(csp?.frameDomains);
  const bases = take(csp?.baseUriDomains);
  const with_ = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');
  const policy = [
    "default-src 'none'",
    `script-src ${with_("'unsafe-inline'", resources)}`,
    `style-src ${with_("'unsafe-inline'", resources)}`,
    `img-src ${with_('data: blob:', resources)}`,
    `font-src ${with_('data:', resources)}`,
    `media-src ${with_('data: blob:', resources)}`,
    `connect-src ${connect.length === 0 ? "'none'" : connect.join(' ')}`,
    `frame-src ${frames.length === 0 ? "'none'" : frames.join(' ')}`,
    `base-uri ${bases.length === 0 ? "'none'" : bases.join(' ')}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
  return { policy, refused };
}

/**
 * `html` with a `<meta http-equiv="Content-Security-Policy">` of `policy` as the first element of its
 * <head>, so it applies before anything of the app's is parsed (a policy only ever tightens, so nothing
 * the app writes later can lift it). Parsed with `DOMParser` (no script runs) and serialised again.
 */
export function injectAppPolicy(html: string, policy: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const meta = document.createElement('meta');
  meta.setAttribute('http-equiv', 'Content-Security-Policy');
  meta.setAttribute('content', policy);
  document.head.prepend(meta);
  return `<!DOCTYPE html>\n${document.documentElement.outerHTML}`;
}
