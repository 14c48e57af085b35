// Keeps a server from sending Loupe's requests closer to the person than the server itself is: an MCP server
// on the internet must not point Loupe (through its OAuth metadata, authorization server or token endpoint)
// at this machine or the local network. Browsers guard a public page the same way (Private Network Access),
// but Loupe usually runs on localhost, a local page, which that guard lets through.

import { ADDRESS_SPACE_WORDS, addressSpaceOf, isNearer, type AddressSpace } from '../../shared/address-space';

export { addressSpaceOf, type AddressSpace };

/** Thrown instead of sending a request to an address nearer than the server's own. */
export class AddressSpaceError extends Error {
  override readonly name = 'AddressSpaceError';
}

function urlOf(input: Parameters<typeof fetch>[0]): URL | undefined {
  try {
    return new URL(input instanceof Request ? input.url : String(input));
  } catch {
    return undefined;
  }
}

/**
 * `fetchFn` for the requests made on behalf of the server at `serverUrl` (its MCP traffic and its OAuth
 * discovery, registration and token requests): a request to an address nearer than the server's own — a
 * server on the internet naming `localhost` or `192.168.1.1`, a LAN server naming `localhost` — is refused
 * with an `AddressSpaceError` and never sent.
 */
export function guardAddressSpace(serverUrl: string | URL, fetchFn: typeof fetch): typeof fetch {
  const server = urlOf(serverUrl);
  if (server === undefined) return fetchFn;
  const serverSpace = addressSpaceOf(server.hostname);
  if (serverSpace === 'local') return fetchFn;
  return (input, init) => {
    const target = urlOf(input);
    if (target !== undefined) {
      const targetSpace = addressSpaceOf(target.hostname);
      if (isNearer(targetSpace, serverSpace))
        return Promise.reject(
          new AddressSpaceError(
            `The server at ${server.host} (on ${ADDRESS_SPACE_WORDS[serverSpace]}) pointed Loupe at ${target.origin}, on ${ADDRESS_SPACE_WORDS[targetSpace]}; Loupe does not let a server send it nearer to you than the server itself is, so that request was not sent.`,
          ),
        );
    }
    return fetchFn(input, init);
  };
}
