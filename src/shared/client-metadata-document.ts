// Pure: Loupe's OAuth Client ID Metadata Document for one origin, and where it is served. No I/O.

/** Where the document is served under the app's origin (its URL is the `client_id`). */
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';

/** The page an authorization server sends the person back to (the same path `createOAuthProvider` uses). */
export const OAUTH_REDIRECT_PATH = '/oauth-callback.html';

/**
 * The document for a Loupe served at `origin` (e.g. `https://loupe.example.com`): a public client (no
 * secret, PKCE) whose `client_id` is the document's own URL and whose only redirect is the callback page.
 */
export function buildClientMetadataDocument(origin: string): Record<string, unknown> {
  return {
    client_id: `${origin}${CLIENT_METADATA_PATH}`,
    client_name: 'Loupe',
    client_uri: `${origin}/`,
    redirect_uris: [`${origin}${OAUTH_REDIRECT_PATH}`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/**
 * Whether a Loupe at `origin` may name its document as `client_id`: the URL must be `https` (the Client ID
 * Metadata Document draft and MCP's authorization spec require it, and the MCP SDK refuses anything else), so
 * a page served over plain `http` — `npm start` on localhost included — registers dynamically instead.
 */
export function canUseClientMetadataDocument(origin: string): boolean {
  try {
    return new URL(origin).protocol === 'https:';
  } catch {
    return false;
  }
}
