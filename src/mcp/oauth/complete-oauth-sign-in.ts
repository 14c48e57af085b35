// The last step of a sign-in: the authorization code traded for tokens, through the SDK's auth flow.
import { auth, type OAuthClientProvider } from '../sdk/mcp-sdk-client';

/**
 * Trades an authorization `code` for tokens at the server's token endpoint (what the SDK transport's
 * `finishAuth(code)` does, without needing the transport); the tokens land in `provider`. Throws on failure.
 */
export async function completeOAuthSignIn(
  provider: OAuthClientProvider,
  serverUrl: string,
  code: string,
  fetchFn?: typeof fetch,
  iss?: string,
): Promise<void> {
  // `iss` from the redirect (RFC 9207): the SDK refuses a code sent back by another issuer than the one asked.
  const result = await auth(provider, {
    serverUrl,
    authorizationCode: code,
    ...(iss === undefined ? {} : { iss }),
    ...(fetchFn === undefined ? {} : { fetchFn }),
  });
  if (result !== 'AUTHORIZED') throw new Error('The server did not accept the sign-in.');
}
