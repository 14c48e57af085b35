// The OAuth authorization URL comes from the server's (or its authorization server's) metadata and is opened in
// a window of the person's browser: a custom scheme would launch another program, a LAN address would reach a
// router or printer with the person's cookies, plain http would expose the sign-in. It must be https — http only
// when both the MCP server and the page are on this machine — and no nearer to the person than the server.
import { ADDRESS_SPACE_WORDS, addressSpaceOf, isNearer } from './address-space';

/** A sentence refusing `url` as the sign-in page of the server at `serverUrl`, or undefined when it may open. */
export function checkAuthorizationUrl(url: string, serverUrl: string): string | undefined {
  let target: URL;
  let server: URL;
  try {
    target = new URL(url);
    server = new URL(serverUrl);
  } catch {
    return 'The server named a sign-in address that is not a URL, so Loupe did not open it.';
  }
  const serverSpace = addressSpaceOf(server.hostname);
  const targetSpace = addressSpaceOf(target.hostname);
  const loopback = serverSpace === 'local' && targetSpace === 'local';
  if (target.protocol !== 'https:' && !(target.protocol === 'http:' && loopback))
    return `The server named a sign-in page at ${target.protocol}//${target.host}; Loupe opens only https sign-in pages (http only when the server and the page are both on this machine), so it did not open it.`;
  if (isNearer(targetSpace, serverSpace))
    return `The server at ${server.host} (on ${ADDRESS_SPACE_WORDS[serverSpace]}) named a sign-in page at ${target.origin}, on ${ADDRESS_SPACE_WORDS[targetSpace]}; Loupe does not let a server send it nearer to you than the server itself is, so it did not open it.`;
  return undefined;
}
