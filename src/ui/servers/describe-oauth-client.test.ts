import { describe, expect, it } from 'vitest';
import { describeOAuthClient } from './describe-oauth-client';

describe('describeOAuthClient', () => {
  it('names each kind of registration with its client id', () => {
    expect(
      describeOAuthClient({ kind: 'metadata-document', clientId: 'https://loupe.test/oauth/client-metadata.json' }),
    ).toBe('client: metadata document (https://loupe.test/oauth/client-metadata.json)');
    expect(describeOAuthClient({ kind: 'pre-registered', clientId: 'loupe-hand-made' })).toBe(
      'client: pre-registered client id (loupe-hand-made)',
    );
    expect(describeOAuthClient({ kind: 'dynamic', clientId: 'c-123' })).toBe('client: dynamic registration (c-123)');
  });

  it('cuts a huge client id short without splitting a character', () => {
    const text = describeOAuthClient({ kind: 'dynamic', clientId: '😀'.repeat(500) });
    expect(text).toBe(`client: dynamic registration (${'😀'.repeat(119)}…)`);
  });
});
