// What counts as "this machine" for Loupe's local servers: loopback names, addresses and a DNS lookup that
// refuses to resolve anywhere else (so `localhost` pointed elsewhere in /etc/hosts cannot be used either).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The loopback names a local server answers to (the MCP SDK's `localhostHostValidation` list). */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

const loopbackRanges = new BlockList();
loopbackRanges.addSubnet('127.0.0.0', 8, 'ipv4');
loopbackRanges.addAddress('::1', 'ipv6');

/** Whether `address` (an IP literal, IPv6 with or without brackets) is a loopback address. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped !== undefined) return loopbackRanges.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return loopbackRanges.check(bare, 'ipv4');
  if (family === 6) return loopbackRanges.check(bare, 'ipv6');
  return false;
}

/**
 * Whether a URL hostname names this machine: `localhost` (and `*.localhost`, which browsers and RFC 6761
 * keep on loopback) or a loopback address. `0.0.0.0` is not loopback: it is "every interface".
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` that only ever connects to loopback addresses: whatever a name resolves to,
 * a non-loopback answer is an error, so the connection is never opened.
 */
export function lookupLoopbackOnly(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) {
      callback(error, []);
      return;
    }
    const allowed = addresses.filter((entry) => isLoopbackAddress(entry.address));
    const first = allowed[0];
    if (first === undefined) {
      const refusal: NodeJS.ErrnoException = new Error(`${hostname} does not resolve to a loopback address.`);
      refusal.code = 'ENOTLOOPBACK';
      callback(refusal, []);
      return;
    }
    if (options.all === true) callback(null, allowed);
    else callback(null, first.address, first.family);
  });
}
