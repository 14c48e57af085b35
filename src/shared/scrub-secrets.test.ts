import { describe, expect, it } from 'vitest';
import { scrubSecrets, scrubSecretsDeep, secretList, urlSecrets } from './scrub-secrets';

describe('scrubSecrets and scrubSecretsDeep', () => {
  const secrets = secretList(['sk-ant-secret-123', 'sk-ant-secret-123-longer', 'abc', undefined, '  padded-value  ']);

  it('keeps secrets of at least six characters, trimmed, longest first', () => {
    expect(secrets).toEqual(['sk-ant-secret-123-longer', 'sk-ant-secret-123', 'padded-value']);
    expect(scrubSecrets('key sk-ant-secret-123-longer and sk-ant-secret-123', secrets)).toBe(
      'key REDACTED and REDACTED',
    );
  });

  it('replaces secrets in strings and keys at any depth, counting the strings it changed', () => {
    const input = {
      messages: [{ content: [{ type: 'text', text: 'my key is sk-ant-secret-123, really sk-ant-secret-123' }] }],
      'sk-ant-secret-123': 1,
      nested: { deep: [[['padded-value']]], number: 7, flag: true, nothing: null },
    };
    const frozen = JSON.stringify(input);
    const { value, replaced } = scrubSecretsDeep(input, secrets);
    expect(replaced).toBe(3);
    expect(JSON.stringify(value)).not.toMatch(/sk-ant|padded-value/);
    expect(value.messages[0]?.content[0]?.text).toBe('my key is REDACTED, really REDACTED');
    expect(value.nested.number).toBe(7);
    // The input is untouched, and what had no secret is shared, not copied.
    expect(JSON.stringify(input)).toBe(frozen);
    expect(scrubSecretsDeep(input, []).value).toBe(input);
    const clean = { a: [{ b: 'nothing here' }] };
    expect(scrubSecretsDeep(clean, secrets).value).toBe(clean);
  });

  it('keeps a __proto__ key a key and pollutes nothing', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": "sk-ant-secret-123"}}') as Record<string, unknown>;
    const { value } = scrubSecretsDeep(hostile, secrets);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.stringify(value)).toBe('{"__proto__":{"polluted":"REDACTED"}}');
  });

  it('finds the secret parts of a URL, raw and decoded', () => {
    expect(urlSecrets('https://user:p%40ss@h.example/x/seg?token=a%2Bb#frag', ['seg'])).toEqual(
      expect.arrayContaining(['user', 'p%40ss', 'p@ss', 'a+b', 'a%2Bb', 'frag', 'seg']),
    );
    expect(urlSecrets('not a url')).toEqual([]);
  });
});
