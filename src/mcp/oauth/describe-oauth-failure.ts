// Puts OAuth sign-in failures into plain words with what to do next.
import { OAuthError } from '@modelcontextprotocol/client';
import type { OAuthCallbackParams } from '../../protocol/oauth-messages';
import type { ConnectionProblem } from '../../protocol/server-status';

const tryAgain = 'Press Sign in to try again.';

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

/** A failed code exchange (token endpoint, discovery or registration) in plain words. */
export function describeOAuthFailure(error: unknown): string {
  if (error instanceof OAuthError) {
    if (error.code === 'invalid_grant')
      return `The server's token endpoint refused the sign-in code (it may have expired or been used already). ${tryAgain}`;
    return `The server's token endpoint refused the sign-in: ${error.message || error.code}. ${tryAgain}`;
  }
  if (error instanceof TypeError)
    return `Could not reach the server's token endpoint (${error.message}). Check that its sign-in service is running. ${tryAgain}`;
  const message = error instanceof Error ? error.message : String(error);
  return `Signing in failed: ${message}. ${tryAgain}`;
}

/** The problem a server that wants an OAuth sign-in reports until the person signs in. */
export const signInNeededProblem: ConnectionProblem = {
  kind: 'auth',
  message: 'This server needs you to sign in.',
  hint: 'Press Sign in: the server’s sign-in page opens in a small window, and Loupe connects once you are done.',
};
