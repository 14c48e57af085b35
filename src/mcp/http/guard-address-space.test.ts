import { describe, expect, it } from 'vitest';
import { addressSpaceOf, AddressSpaceError, guardAddressSpace } from './guard-address-space';

const hostOf = (url: string) => new URL(url).hostname;

describe('addressSpaceOf', () => {
  it('knows this machine, the local network and the internet, however the address is written', () => {
    const cases: [string, string][] = [
      ['http://localhost:3000/', 'local'],
      ['http://LOCALHOST./', 'local'],
      ['http://app.localhost/', 'local'],
      ['http://127.0.0.1/', 'local'],
      ['http://127.9.9.9/', 'local'],
      ['http://0x7f.1/', 'local'],
      ['http://2130706433/', 'local'],
      ['http://0.0.0.0/', 'local'],
      ['http://[::1]/', 'local'],
      ['http://[::ffff:127.0.0.1]/', 'local'],
      ['http://10.1.2.3/', 'private'],
      ['http://172.16.0.1/', 'private'],
      ['http://172.31.255.255/', 'private'],
      ['http://192.168.1.1/', 'private'],
      ['http://169.254.169.254/latest/meta-data', 'private'],
      ['http://100.64.0.1/', 'private'],
      ['http://[fd00::1]/', 'private'],
      ['http://[fe80::1]/', 'private'],
      ['http://[::ffff:192.168.0.1]/', 'private'],
      ['http://router/', 'private'],
      ['http://printer.local/', 'private'],
      ['http://db.internal/', 'private'],
      ['http://nas.home.arpa/', 'private'],
      ['https://mcp.example.com/', 'public'],
      ['http://172.32.0.1/', 'public'],
      ['http://8.8.8.8/', 'public'],
      ['http://[2001:db8::1]/', 'public'],
    ];
    for (const [url, space] of cases) expect([url, addressSpaceOf(hostOf(url))]).toEqual([url, space]);
  });
});

describe('guardAddressSpace', () => {
  const sent: string[] = [];
  const record: typeof fetch = (input) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return Promise.resolve(new Response('ok'));
  };

  it('lets a server on the internet reach the internet, and nothing nearer', async () => {
    sent.length = 0;
    const guarded = guardAddressSpace('https://mcp.example.com/mcp', record);
    await guarded('https://auth.example.org/token', { method: 'POST' });
    await guarded(new Request('https://mcp.example.com/.well-known/oauth-protected-resource'));
    for (const near of ['http://localhost:8080/token', 'http://192.168.1.1/', 'http://[::1]/', 'http://router/x'])
      await expect(guarded(near)).rejects.toBeInstanceOf(AddressSpaceError);
    expect(sent).toEqual([
      'https://auth.example.org/token',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
  });

  it('lets a LAN server reach the LAN but not this machine; a local server reaches anything', async () => {
    sent.length = 0;
    const lan = guardAddressSpace('http://192.168.1.20:3000/mcp', record);
    await lan('http://10.0.0.5/token');
    await expect(lan('http://127.0.0.1:5173/')).rejects.toThrow(
      'The server at 192.168.1.20:3000 (on your local network) pointed Loupe at http://127.0.0.1:5173, on this machine',
    );
    const local = guardAddressSpace('http://localhost:3001/mcp', record);
    await local('http://127.0.0.1:9000/token');
    await local('https://auth.example.org/token');
    expect(sent).toEqual(['http://10.0.0.5/token', 'http://127.0.0.1:9000/token', 'https://auth.example.org/token']);
  });
});
