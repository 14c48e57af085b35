// A signed-in server's access token for a request Loupe does not make itself (the MCP connector: the API presents
// it to the server), renewed with the refresh token first when it has ended — the API cannot ask the person.
import { auth } from '../sdk/mcp-sdk-client';
import type { LoupeOAuthProvider } from './create-oauth-provider';
import { describeOAuthFailure } from './describe-oauth-failure';

/**
 * The current access token of `provider`, refreshed at the server's authorization server when it has ended.
 * Throws a sentence for the person when there is none or it cannot be renewed (a refused refresh makes the server
 * ask to sign in again, as in the browser). `fetchFn` carries the server's guards (address space, no redirects).
 */
export async function freshAccessToken(
  provider: LoupeOAuthProvider,
  server: { name: string; url: string },
  fetchFn?: typeof fetch,
): Promise<string> {
  const signIn = `Sign in to ${server.name} again (Servers), or untick “Send the token to the API”.`;
  if (!provider.hasTokens())
    throw new Error(`Loupe is not signed in to ${server.name}, so it has no token to send to the API. ${signIn}`);
  if (provider.isExpired()) {
    let result: string;
    try {
      result = await auth(provider, { serverUrl: server.url, ...(fetchFn === undefined ? {} : { fetchFn }) });
    } catch (error) {
      throw new Error(
        `The sign-in to ${server.name} has expired and could not be renewed: ${describeOAuthFailure(error)} ${signIn}`,
        { cause: error },
      );
    }
    if (result !== 'AUTHORIZED' || provider.isExpired())
      throw new Error(`The sign-in to ${server.name} has expired and its server did not renew it. ${signIn}`);
  }
  const tokens = await provider.tokens();
  if (tokens === undefined) throw new Error(`Loupe is not signed in to ${server.name}. ${signIn}`);
  return tokens.access_token;
}
