// Keeps a server from sending Loupe's requests closer to the person than the server itself is: an MCP server
// on the internet must not point Loupe (through its OAuth metadata, authorization server or token endpoint)
// at this machine or the local network. Browsers guard a public page the same way (Private Network Access),
// but Loupe usually runs on localhost, a local page, which that guard lets through.

/** Where an address is, nearest first: this machine, the local network, the internet. */
export type AddressSpace = 'local' | 'private' | 'public';

const rank: Record<AddressSpace, number> = { local: 0, private: 1, public: 2 };

/** Thrown instead of sending a request to an address nearer than the server's own. */
export class AddressSpaceError extends Error {
  override readonly name = 'AddressSpaceError';
}

function ipv4Of(hostname: string): number[] | undefined {
  const parts = hostname.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

function ipv4Space([a = 0, b = 0]: number[]): AddressSpace {
  if (a === 127 || a === 0) return 'local';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  // Link-local (cloud metadata services live at 169.254.169.254) and carrier-grade NAT.
  if ((a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  return 'public';
}

function ipv6Space(address: string): AddressSpace {
  const bare = address.toLowerCase();
  if (bare === '::1' || bare === '::') return 'local';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  const mappedBytes = mapped === undefined ? undefined : ipv4Of(mapped);
  if (mappedBytes !== undefined) return ipv4Space(mappedBytes);
  // The URL parser writes a mapped IPv4 address in hex (`::ffff:7f00:1`).
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (hexMapped !== null) {
    const high = parseInt(hexMapped[1] ?? '0', 16);
    const low = parseInt(hexMapped[2] ?? '0', 16);
    return ipv4Space([high >> 8, high & 255, low >> 8, low & 255]);
  }
  // Unique local (fc00::/7) and link-local (fe80::/10).
  if (/^f[cd][0-9a-f]{0,2}:/.test(bare) || /^fe[89ab][0-9a-f]?:/.test(bare)) return 'private';
  return 'public';
}

/**
 * The address space of a URL's hostname (as `new URL()` writes it: IPv4 normalised, IPv6 in brackets). Names
 * are judged by their form only (a browser cannot resolve them first): `localhost` and `*.localhost` are this
 * machine; a name without a dot (`router`) or under `.local`, `.internal`, `.lan` or `.home.arpa` is the local
 * network; every other name is the internet.
 */
export function addressSpaceOf(hostname: string): AddressSpace {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[') && name.endsWith(']')) return ipv6Space(name.slice(1, -1));
  const ipv4 = ipv4Of(name);
  if (ipv4 !== undefined) return ipv4Space(ipv4);
  if (name === 'localhost' || name.endsWith('.localhost')) return 'local';
  if (!name.includes('.') || /\.(local|internal|lan|home\.arpa)$/.test(name)) return 'private';
  return 'public';
}

const spaceWords: Record<AddressSpace, string> = {
  local: 'this machine',
  private: 'your local network',
  public: 'the internet',
};

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
      if (rank[targetSpace] < rank[serverSpace])
        return Promise.reject(
          new AddressSpaceError(
            `The server at ${server.host} (on ${spaceWords[serverSpace]}) pointed Loupe at ${target.origin}, on ${spaceWords[targetSpace]}; Loupe does not let a server send it nearer to you than the server itself is, so that request was not sent.`,
          ),
        );
    }
    return fetchFn(input, init);
  };
}
