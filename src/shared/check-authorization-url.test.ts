// The sign-in page a server names: https only (http for a server and page both on this machine), never a
// custom scheme, never nearer to the person than the server.
import { describe, expect, it } from 'vitest';
import { checkAuthorizationUrl } from './check-authorization-url';

describe('checkAuthorizationUrl', () => {
  it('opens https pages as far as the server, and http only between loopback addresses', () => {
    expect(
      checkAuthorizationUrl('https://auth.example.com/authorize?x=1', 'https://mcp.example.com/mcp'),
    ).toBeUndefined();
    expect(checkAuthorizationUrl('http://127.0.0.1:9000/authorize', 'http://localhost:3000/mcp')).toBeUndefined();
    expect(checkAuthorizationUrl('https://192.168.1.1/authorize', 'http://10.0.0.2/mcp')).toBeUndefined();
  });

  it('refuses custom schemes, plain http elsewhere, and anything that does not parse', () => {
    for (const url of ['myapp://authorize', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,hi'])
      expect(checkAuthorizationUrl(url, 'https://mcp.example.com/mcp')).toContain(
        'Loupe opens only https sign-in pages',
      );
    expect(checkAuthorizationUrl('http://auth.example.com/authorize', 'https://mcp.example.com/mcp')).toContain(
      'at http://auth.example.com; Loupe opens only https',
    );
    expect(checkAuthorizationUrl('http://auth.example.com/authorize', 'http://localhost:3000/mcp')).toContain(
      'Loupe opens only https',
    );
    expect(checkAuthorizationUrl('not a url', 'https://mcp.example.com/mcp')).toContain('not a URL');
  });

  it('refuses a sign-in page nearer to the person than the server', () => {
    expect(checkAuthorizationUrl('https://192.168.1.1/authorize', 'https://mcp.example.com/mcp')).toBe(
      'The server at mcp.example.com (on the internet) named a sign-in page at https://192.168.1.1, on your local network; Loupe does not let a server send it nearer to you than the server itself is, so it did not open it.',
    );
    expect(checkAuthorizationUrl('https://localhost:8443/authorize', 'https://router.local/mcp')).toContain(
      'on this machine',
    );
  });
});
