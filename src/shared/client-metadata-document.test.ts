import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicOriginOf } from '../../server/vite-client-metadata-plugin';
import {
  buildClientMetadataDocument,
  canUseClientMetadataDocument,
  CLIENT_METADATA_PATH,
} from './client-metadata-document';

describe('the Client ID Metadata Document', () => {
  it('is served from public/ for the placeholder origin, naming its own URL as client_id', () => {
    const served = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../public/oauth/client-metadata.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(served).toEqual(buildClientMetadataDocument('https://loupe.example'));
    expect(served['client_id']).toBe(`https://loupe.example${CLIENT_METADATA_PATH}`);
    expect(served['token_endpoint_auth_method']).toBe('none');
    expect(served).not.toHaveProperty('client_secret');
  });

  it('may be used from https pages only (the draft and the SDK refuse anything else)', () => {
    expect(canUseClientMetadataDocument('https://loupe.example.com')).toBe(true);
    expect(canUseClientMetadataDocument('https://localhost:8443')).toBe(true);
    expect(canUseClientMetadataDocument('http://localhost:5173')).toBe(false);
    expect(canUseClientMetadataDocument('http://127.0.0.1:5173')).toBe(false);
    expect(canUseClientMetadataDocument('not a url')).toBe(false);
  });

  it('takes the build origin from LOUPE_PUBLIC_ORIGIN, scheme host and port only', () => {
    expect(publicOriginOf(undefined)).toBeUndefined();
    expect(publicOriginOf(' ')).toBeUndefined();
    expect(publicOriginOf('https://tools.example.com/loupe/?x=1')).toBe('https://tools.example.com');
    expect(() => publicOriginOf('tools.example.com')).toThrow(/not a URL/);
  });
});
