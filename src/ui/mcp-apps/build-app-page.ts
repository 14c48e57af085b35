// The page an MCP App runs: its HTML with Loupe's Content-Security-Policy `<meta>` first in <head>,
// built from the resource's `ui.csp` (nothing outside the page by default).
import type { McpAppCsp } from '../../protocol/mcp-app-messages';
import { ADDRESS_SPACE_WORDS, addressSpaceOf, isNearer, type AddressSpace } from '../../shared/address-space';

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

/** An entry of `ui.csp` left out of the app's policy, and why (shown under the app). */
export interface RefusedAppOrigin {
  value: string;
  reason: string;
}

/** The app's policy and the entries of `ui.csp` that were left out. */
export interface AppPolicy {
  policy: string;
  refused: RefusedAppOrigin[];
}

function hostOf(origin: string): string {
  return (origin.split('://')[1] ?? '').replace(/\/$/, '').replace(/:(\d+|\*)$/, '');
}

/** Why `value` may not go into the policy of an app whose server is on `serverSpace`, or undefined. */
function refusalOf(value: string, serverSpace: AddressSpace): string | undefined {
  if (!isAllowedAppOrigin(value)) return 'not an https origin';
  // A wildcard names every host under it: judge the name it ends with (`*.local` is the LAN).
  const space = addressSpaceOf(hostOf(value).replace(/^\*\./, ''));
  if (isNearer(space, serverSpace))
    return `on ${ADDRESS_SPACE_WORDS[space]}, nearer to you than the server (on ${ADDRESS_SPACE_WORDS[serverSpace]})`;
  return undefined;
}

/** Where the server is; a URL that does not parse counts as the internet, the farthest (the strictest). */
function serverSpaceOf(serverUrl: string | undefined): AddressSpace {
  try {
    return serverUrl === undefined ? 'public' : addressSpaceOf(new URL(serverUrl).hostname);
  } catch {
    return 'public';
  }
}

/**
 * Builds the app page's policy from `csp`: inline script and style always (an app is one HTML document),
 * `resourceDomains` for scripts, styles, images, fonts and media, `connectDomains` for fetch and WebSocket,
 * `frameDomains` for frames, `baseUriDomains` for `<base>`; every absent list is `'none'`. Never
 * `'unsafe-eval'`, plugins or forms. Entries that are not plain origins are refused (they could smuggle
 * keywords or directives), as is plain http to anything but loopback. An app never names an address nearer
 * to the person than its server at `serverUrl` (the rule of guard-address-space.ts): loopback only for a
 * server on this machine, LAN names and private IP literals only for a server on this machine or the LAN.
 * The frame comes from Loupe's local page, so the browser's Local Network Access would not ask.
 */
export function buildAppPolicy(csp: McpAppCsp | undefined, serverUrl?: string): AppPolicy {
  const refused: RefusedAppOrigin[] = [];
  const serverSpace = serverSpaceOf(serverUrl);
  const take = (list: string[] | undefined) =>
    (list ?? []).filter((value) => {
      const reason = refusalOf(value, serverSpace);
      if (reason !== undefined) refused.push({ value, reason });
      return reason === undefined;
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
