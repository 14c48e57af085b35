import { describe, expect, it, vi } from 'vitest';
import { buildClientMetadataDocument } from '../shared/client-metadata-document';
import { findClientMetadataUrl } from './find-client-metadata-url';

const origin = 'https://loupe.example.com';
const url = `${origin}/oauth/client-metadata.json`;
const answering = (body: BodyInit, status = 200) =>
  vi.fn<typeof fetch>(() => Promise.resolve(new Response(body, { status })));

describe('findClientMetadataUrl', () => {
  it('gives the document URL when the document names it, the callback and no client authentication', async () => {
    const fetchFn = answering(JSON.stringify(buildClientMetadataDocument(origin)));
    expect(await findClientMetadataUrl(origin, fetchFn)).toBe(url);
    expect(fetchFn).toHaveBeenCalledWith(url, expect.objectContaining({ redirect: 'error', credentials: 'omit' }));
  });

  it('gives nothing for another deployment’s document, a broken one, a huge one, a 404 or a failed fetch', async () => {
    const other = buildClientMetadataDocument('https://other.example');
    expect(await findClientMetadataUrl(origin, answering(JSON.stringify(other)))).toBeUndefined();
    const secretive = { ...buildClientMetadataDocument(origin), token_endpoint_auth_method: 'client_secret_basic' };
    expect(await findClientMetadataUrl(origin, answering(JSON.stringify(secretive)))).toBeUndefined();
    expect(await findClientMetadataUrl(origin, answering('{not json'))).toBeUndefined();
    expect(await findClientMetadataUrl(origin, answering(' '.repeat(20_000)))).toBeUndefined();
    expect(await findClientMetadataUrl(origin, answering('', 404))).toBeUndefined();
    expect(await findClientMetadataUrl(origin, () => Promise.reject(new TypeError('Failed to fetch')))).toBeUndefined();
  });

  it('never asks on a plain http page', async () => {
    const fetchFn = answering('{}');
    expect(await findClientMetadataUrl('http://localhost:5173', fetchFn)).toBeUndefined();
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
