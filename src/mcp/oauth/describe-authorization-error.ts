// Puts the authorization server's refusal into plain words. No SDK here: the worker answers a sign-in's callback
// with it before the MCP client's chunk has to load.
import type { OAuthCallbackParams } from '../../protocol/oauth-messages';

/** What ends every sign-in failure's sentence. */
export const tryAgain = 'Press Sign in to try again.';

/** The authorization server's `error` redirect (RFC 6749 §4.1.2.1) in plain words. */
export function describeAuthorizationError(callback: OAuthCallbackParams): string {
  const detail =
    callback.errorDescription === undefined || callback.errorDescription === ''
      ? ''
      : ` (${callback.errorDescription.slice(0, 200)})`;
  switch (callback.error) {
    case 'access_denied':
      return `Sign-in was declined${detail}. ${tryAgain}`;
    case 'invalid_scope':
      return `The server refused the permissions Loupe asked for${detail}.`;
    case 'unauthorized_client':
    case 'invalid_client':
      return `The server does not let Loupe sign in${detail}.`;
    default:
      return `The server's sign-in page reported an error: ${callback.error ?? 'unknown'}${detail}. ${tryAgain}`;
  }
}
