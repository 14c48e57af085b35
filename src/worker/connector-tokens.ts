// The MCP connector's sign-in tokens: fetched as each request is sent (renewed when ended, so a long run never sends
// a dead one), and remembered so that no text coming back from the provider can carry one.
import type { ConnectorServer } from '../shared/connector-server';

export interface ConnectorTokens {
  /** The servers with each sign-in's current access token as `authorizationToken`. */
  servers: () => Promise<ConnectorServer[]>;
  /** Every token handed out so far, to scrub from errors and notices. */
  issued: () => readonly string[];
}

/** `servers` whose `tokenFromSignIn` is filled by `signInToken` when asked; throws its sentence when it cannot. */
export function connectorTokens(
  servers: readonly ConnectorServer[],
  signInToken: ((serverId: string) => Promise<string>) | undefined,
): ConnectorTokens {
  const issued = new Set<string>();
  return {
    issued: () => [...issued],
    servers: () =>
      Promise.all(
        servers.map(async ({ tokenFromSignIn, ...server }) => {
          if (tokenFromSignIn === undefined) return server;
          if (signInToken === undefined)
            throw new Error(`${server.name}: this runner has no sign-ins, so no token can go to the API.`);
          const token = await signInToken(tokenFromSignIn);
          issued.add(token);
          return { ...server, authorizationToken: token };
        }),
      ),
  };
}
