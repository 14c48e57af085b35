// Where a secret (an API key, a server's Authorization header) may be sent: only to places the person named
// on the command line or in the environment, never to a URL a suite file chose. A suite is a file people
// share and run in CI; if it could pick the base URL a key goes to, anyone who wrote one could collect CI's
// keys. This module is the one seam that decides it, so every runner that sends secrets asks the same way.
import { ADDRESS_SPACE_WORDS, addressSpaceOfUrl } from '../shared/address-space';

/** A place the person said a secret may go: an origin, narrowed to a path when they gave one. */
export interface SecretDestination {
  /** `https://api.anthropic.com`, as `URL.origin` writes it (lower case, no default port). */
  readonly origin: string;
  /** `''` for the whole origin, else a path without a trailing slash (`/v1`): it and what lies under it. */
  readonly path: string;
  /** Where the person said so, for messages: `--base-url`, `LOUPE_KEY_ORIGINS`, `the default`. */
  readonly from: string;
}

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `text` (an origin or a URL) as a destination, or a sentence saying why it is not one. */
export function parseSecretDestination(text: string, from: string): SecretDestination | string {
  const url = parseHttpUrl(text);
  if (url === undefined) return `${from}: "${text}" is not an http(s) origin or URL.`;
  return { origin: url.origin, path: url.pathname.replace(/\/+$/, ''), from };
}

/**
 * Whether a secret bound to `destinations` may be sent with a request to `url`: its origin must be one of
 * theirs and, where a destination names a path, its path that one or one under it (`/v1`, `/v1/messages`,
 * never `/v1beta`). A URL that does not parse, or is not http(s), may receive nothing.
 */
export function maySendSecretTo(url: string, destinations: readonly SecretDestination[]): boolean {
  const target = parseHttpUrl(url);
  if (target === undefined) return false;
  return destinations.some(
    (destination) =>
      destination.origin === target.origin &&
      (destination.path === '' ||
        target.pathname === destination.path ||
        target.pathname.startsWith(`${destination.path}/`)),
  );
}

/** The destinations in a sentence: `https://api.anthropic.com (the default) or https://gw.example/v1 (--base-url)`. */
export function describeDestinations(destinations: readonly SecretDestination[]): string {
  if (destinations.length === 0) return 'nowhere';
  return destinations
    .map((destination) => `${destination.origin}${destination.path} (${destination.from})`)
    .join(' or ');
}

/**
 * Under `--public-only`: a sentence refusing `url` when it is on this machine or the local network and the
 * person did not name it themselves (`named`), else undefined. `what` says whose URL it is ("server demo").
 */
export function refusePrivateAddress(
  url: string,
  what: string,
  named: readonly SecretDestination[],
): string | undefined {
  const space = addressSpaceOfUrl(url);
  if (space === undefined) return `${what}: "${url}" is not a URL.`;
  if (space === 'public' || maySendSecretTo(url, named)) return undefined;
  return `${what} is at ${new URL(url).origin}, on ${ADDRESS_SPACE_WORDS[space]}; --public-only refuses addresses on this machine and the local network that you did not name (with --base-url, LOUPE_KEY_ORIGINS or LOUPE_SERVER_HEADERS).`;
}
