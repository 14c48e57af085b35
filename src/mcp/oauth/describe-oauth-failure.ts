// Puts OAuth sign-in failures the SDK throws into plain words with what to do next.
import { OAuthError } from '@modelcontextprotocol/client';
import type { ConnectionProblem } from '../../protocol/server-status';
import { tryAgain } from './describe-authorization-error';

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
