// Finds Loupe's own Client ID Metadata Document, and uses its URL as the OAuth client_id only when it fits.
import {
  buildClientMetadataDocument,
  canUseClientMetadataDocument,
  CLIENT_METADATA_PATH,
  OAUTH_REDIRECT_PATH,
} from '../shared/client-metadata-document';

/** Largest document read (the real one is under 400 bytes). */
const MAX_DOCUMENT_LENGTH = 16_000;

/**
 * The URL of the Client ID Metadata Document this Loupe serves, when an authorization server could use it as
 * `client_id`: the page is `https`, the document is there (same origin, no redirect), and it names exactly its
 * own URL as `client_id`, this origin's callback page as a redirect and no client authentication. A Loupe
 * deployed at another origin than its document was built for (see docs/oauth.md) gets undefined, so it
 * registers dynamically instead of sending a `client_id` its authorization server would refuse. Never throws.
 */
export async function findClientMetadataUrl(origin: string, fetchFn: typeof fetch): Promise<string | undefined> {
  if (!canUseClientMetadataDocument(origin)) return undefined;
  const url = `${origin}${CLIENT_METADATA_PATH}`;
  try {
    const response = await fetchFn(url, { redirect: 'error', cache: 'no-cache', credentials: 'omit' });
    if (!response.ok) return undefined;
    const text = await response.text();
    if (text.length > MAX_DOCUMENT_LENGTH) return undefined;
    const document = JSON.parse(text) as Record<string, unknown>;
    const expected = buildClientMetadataDocument(origin);
    const redirects = document['redirect_uris'];
    const fits =
      document['client_id'] === url &&
      Array.isArray(redirects) &&
      redirects.includes(`${origin}${OAUTH_REDIRECT_PATH}`) &&
      document['token_endpoint_auth_method'] === expected['token_endpoint_auth_method'];
    return fits ? url : undefined;
  } catch {
    return undefined;
  }
}
