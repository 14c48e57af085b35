// The headless runner's secrets as bound from the environment and flags.
import { describe, expect, it } from 'vitest';
import { readSecretBindings, serverHeadersFor, type SecretBindings } from './read-secret-bindings';
import { maySendSecretTo } from './secret-destination';

const read = (env: Record<string, string>, baseUrl?: string): SecretBindings => {
  const bindings = readSecretBindings(env, baseUrl === undefined ? {} : { baseUrl });
  if (typeof bindings === 'string') throw new Error(bindings);
  return bindings;
};

describe('readSecretBindings', () => {
  it("binds each key to its provider's own API, --base-url and LOUPE_KEY_ORIGINS, nothing else", () => {
    const bindings = read(
      {
        ANTHROPIC_API_KEY: 'sk-ant',
        OPENAI_API_KEY: 'sk-oa',
        LOUPE_KEY_ORIGINS: 'https://a.example, http://localhost:11434',
      },
      'https://gw.example.com/v1',
    );
    const anthropic = bindings.keys.anthropic.destinations;
    expect(bindings.keys.anthropic.value).toBe('sk-ant');
    expect(maySendSecretTo('https://api.anthropic.com/v1/messages', anthropic)).toBe(true);
    expect(maySendSecretTo('https://api.openai.com/v1', anthropic)).toBe(false);
    expect(maySendSecretTo('https://api.openai.com/v1', bindings.keys['openai-compatible'].destinations)).toBe(true);
    for (const url of ['https://gw.example.com/v1', 'https://a.example/x', 'http://localhost:11434/v1'])
      expect(maySendSecretTo(url, anthropic)).toBe(true);
    expect(maySendSecretTo('https://gw.example.com/v2', anthropic)).toBe(false);
    expect(maySendSecretTo('http://localhost:8080', anthropic)).toBe(false);
  });

  it('binds server headers to the URL the person gave and refuses the old by-name form', () => {
    const bindings = read({
      LOUPE_SERVER_HEADERS: JSON.stringify({ 'https://mcp.example.com/mcp': { Authorization: 'Bearer t' } }),
    });
    expect(serverHeadersFor('https://mcp.example.com/mcp', bindings)).toEqual({ Authorization: 'Bearer t' });
    expect(serverHeadersFor('https://evil.example/mcp', bindings)).toEqual({});
    expect(serverHeadersFor('https://mcp.example.com/other', bindings)).toEqual({});
    expect(readSecretBindings({ LOUPE_SERVER_HEADERS: '{"demo": {"Authorization": "Bearer t"}}' })).toContain(
      'LOUPE_SERVER_HEADERS: "demo" is not a server URL. Headers are bound to the server\'s address, not its name',
    );
    expect(readSecretBindings({ LOUPE_SERVER_HEADERS: '{"https://a.example": {"X": 1}}' })).toBe(
      'LOUPE_SERVER_HEADERS: the headers for "https://a.example" must be an object of strings.',
    );
    expect(readSecretBindings({ LOUPE_KEY_ORIGINS: 'ftp://x' })).toContain('LOUPE_KEY_ORIGINS');
  });
});
