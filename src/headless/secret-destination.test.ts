// Where a bound secret may go: the origin must match, a named path bounds it on a segment boundary, and a
// URL the runner cannot read as http(s) receives nothing.
import { describe, expect, it } from 'vitest';
import {
  maySendSecretTo,
  parseSecretDestination,
  refusePrivateAddress,
  type SecretDestination,
} from './secret-destination';

const to = (text: string): SecretDestination => {
  const destination = parseSecretDestination(text, 'test');
  if (typeof destination === 'string') throw new Error(destination);
  return destination;
};

describe('maySendSecretTo', () => {
  it('needs the same origin: scheme, host and port', () => {
    const gateway = [to('https://gw.example.com')];
    expect(maySendSecretTo('https://gw.example.com/v1/messages', gateway)).toBe(true);
    expect(maySendSecretTo('https://GW.example.com:443/x', gateway)).toBe(true);
    expect(maySendSecretTo('http://gw.example.com/v1', gateway)).toBe(false);
    expect(maySendSecretTo('https://gw.example.com:8443/v1', gateway)).toBe(false);
    expect(maySendSecretTo('https://gw.example.com.evil.io/v1', gateway)).toBe(false);
    expect(maySendSecretTo('https://evil.io/?https://gw.example.com', gateway)).toBe(false);
    expect(maySendSecretTo('https://gw.example.com@evil.io/', gateway)).toBe(false);
  });

  it('keeps a named path to itself and what lies under it', () => {
    const v1 = [to('https://gw.example.com/v1/')];
    expect(maySendSecretTo('https://gw.example.com/v1', v1)).toBe(true);
    expect(maySendSecretTo('https://gw.example.com/v1/chat/completions', v1)).toBe(true);
    expect(maySendSecretTo('https://gw.example.com/v1beta', v1)).toBe(false);
    expect(maySendSecretTo('https://gw.example.com/v1/../other', v1)).toBe(false);
    expect(maySendSecretTo('https://gw.example.com/', v1)).toBe(false);
  });

  it('sends nothing to what is not an http(s) URL, or when nothing was named', () => {
    expect(maySendSecretTo('not a url', [to('https://gw.example.com')])).toBe(false);
    expect(maySendSecretTo('file:///etc/passwd', [to('https://gw.example.com')])).toBe(false);
    expect(maySendSecretTo('https://api.anthropic.com', [])).toBe(false);
    expect(parseSecretDestination('javascript:alert(1)', 'LOUPE_KEY_ORIGINS')).toBe(
      'LOUPE_KEY_ORIGINS: "javascript:alert(1)" is not an http(s) origin or URL.',
    );
  });
});

describe('refusePrivateAddress (--public-only)', () => {
  it('refuses this machine and the LAN unless the person named the address', () => {
    expect(refusePrivateAddress('https://mcp.example.com/mcp', 'Server a', [])).toBeUndefined();
    expect(refusePrivateAddress('http://169.254.169.254/latest', 'Server a', [])).toContain(
      'Server a is at http://169.254.169.254, on your local network; --public-only refuses',
    );
    expect(refusePrivateAddress('http://[::1]:3000/mcp', 'Server a', [])).toContain('on this machine');
    expect(refusePrivateAddress('http://localhost:11434/v1', 'x', [to('http://localhost:11434')])).toBeUndefined();
  });
});
