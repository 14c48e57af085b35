import { describe, expect, it } from 'vitest';
import { loadServers, saveServers, SERVERS_KEY } from './persist-servers';
import { MemoryStorage } from './testing/memory-storage';

describe('OAuth choices saved with a server', () => {
  it('keeps the client id and scopes (never headers), and drops malformed ones on load', () => {
    const storage = new MemoryStorage();
    saveServers(storage, [
      {
        id: 'x',
        name: 'secure',
        url: 'https://secure.example/mcp',
        headers: { Authorization: 'Bearer secret' },
        includeInstructions: true,
        oauth: { clientId: 'loupe-by-hand', scopes: ['mcp:read'] },
      },
    ]);
    expect(storage.getItem(SERVERS_KEY)).not.toContain('secret');
    expect(loadServers(storage)).toEqual([
      {
        name: 'secure',
        url: 'https://secure.example/mcp',
        includeInstructions: true,
        oauth: { clientId: 'loupe-by-hand', scopes: ['mcp:read'] },
      },
    ]);
    storage.setItem(
      SERVERS_KEY,
      JSON.stringify([{ name: 'a', url: 'https://a.example/mcp', oauth: { clientId: 'ok', scopes: ['bad"scope'] } }]),
    );
    expect(loadServers(storage)).toEqual([{ name: 'a', url: 'https://a.example/mcp', includeInstructions: true }]);
  });
});
