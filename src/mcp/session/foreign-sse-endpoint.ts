// An HTTP+SSE server whose stream names another origin for the client's messages: the SDK refuses to send them
// there (they would carry the person's headers to whoever that is). Said as what happened, not as the 405 of the
// streamable HTTP attempt before it, which would send the person looking for a wrong path.
import type { ConnectionProblem } from '../../protocol/server-status';
import { refusedSseEndpointOrigin } from '../sdk/sdk-errors';

/** The problem to show when `error` is the SDK refusing an HTTP+SSE stream's foreign endpoint; else undefined. */
export function foreignSseEndpointProblem(error: unknown): ConnectionProblem | undefined {
  const origin = refusedSseEndpointOrigin(error);
  if (origin === undefined) return undefined;
  return {
    kind: 'http',
    message: `The server speaks the older HTTP+SSE transport, but its stream named another origin (${origin}) to send messages to; Loupe refused.`,
    hint: 'An HTTP+SSE server must take its messages on its own origin: check its configuration, or a proxy in front of it that rewrites the endpoint.',
  };
}
