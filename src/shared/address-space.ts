// Where an address is, judged from the URL alone: this machine, the local network or the internet. Shared so
// every side that decides whether a destination is nearer to the person (the MCP client's guard, an MCP App's
// CSP, OAuth sign-in, the headless runner's --public-only) judges the same way.

/** Where an address is, nearest first: this machine, the local network, the internet. */
export type AddressSpace = 'local' | 'private' | 'public';

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

const rank: Record<AddressSpace, number> = { local: 0, private: 1, public: 2 };

/** Whether `space` is nearer to the person than `than` (this machine is nearer than the LAN, the LAN than the internet). */
export function isNearer(space: AddressSpace, than: AddressSpace): boolean {
  return rank[space] < rank[than];
}

/** The address space of a URL, or undefined when `url` does not parse. */
export function addressSpaceOfUrl(url: string): AddressSpace | undefined {
  try {
    return addressSpaceOf(new URL(url).hostname);
  } catch {
    return undefined;
  }
}

/** The words for an address space in a sentence ("on this machine"). */
export const ADDRESS_SPACE_WORDS: Record<AddressSpace, string> = {
  local: 'this machine',
  private: 'your local network',
  public: 'the internet',
};
