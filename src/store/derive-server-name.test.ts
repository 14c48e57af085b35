import { describe, expect, it } from 'vitest';
import { defaultServerName, makeUniqueName, sanitizeServerName } from './derive-server-name';

describe('server names', () => {
  it('uses the first DNS label of the host', () => {
    expect(defaultServerName('https://github.example.com/mcp')).toBe('github');
    expect(defaultServerName('https://weather.io/mcp')).toBe('weather');
  });

  it('skips generic first labels', () => {
    expect(defaultServerName('https://mcp.linear.app/sse')).toBe('linear');
    expect(defaultServerName('https://api.example.com/mcp')).toBe('example');
  });

  it('names local servers by port', () => {
    expect(defaultServerName('http://localhost:3001/mcp')).toBe('server3001');
    expect(defaultServerName('http://127.0.0.1:8080/mcp')).toBe('server8080');
  });

  it('falls back to server for an invalid URL', () => {
    expect(defaultServerName('not a url')).toBe('server');
  });

  it('sanitises to safe characters', () => {
    expect(sanitizeServerName('My Server!')).toBe('my-server');
    expect(sanitizeServerName('***')).toBe('server');
    expect(sanitizeServerName('a'.repeat(40))).toHaveLength(24);
  });

  it('de-duplicates names with a number', () => {
    expect(makeUniqueName('demo', [])).toBe('demo');
    expect(makeUniqueName('demo', ['demo'])).toBe('demo2');
    expect(makeUniqueName('demo', ['demo', 'demo2'])).toBe('demo3');
  });
});
