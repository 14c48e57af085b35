// Test support: the worker's OAuth host and server registry wired to each other as the worker wires them,
// reporting to plain arrays (a fresh pair per test, or per simulated reload).
import { connectMcpServer } from '../../src/mcp/connection/connect-mcp-server';
import type { OAuthEvent } from '../../src/protocol/oauth-messages';
import type { ServerState } from '../../src/protocol/server-status';
import { createOAuthHost, type OAuthHost } from '../../src/worker/oauth-host';
import { ServerRegistry } from '../../src/worker/server-registry';

export interface OAuthWorkerHost {
  oauth: OAuthHost;
  registry: ServerRegistry;
  /** What the host posted to the page, in order. */
  events: OAuthEvent[];
  /** Every server state the registry reported, in order. */
  states: ServerState[];
}

/** A new OAuth host and registry for a page at `appOrigin`, as a worker starts them. */
export function startOAuthWorkerHost(appOrigin: string): OAuthWorkerHost {
  const events: OAuthEvent[] = [];
  const states: ServerState[] = [];
  // The host asks the registry for its servers, and the registry the host for a server's sign-in: one cycle.
  const wired: { registry?: ServerRegistry } = {};
  const oauth = createOAuthHost({
    post: (event) => events.push(event),
    servers: () => wired.registry as ServerRegistry,
    appOrigin,
  });
  const registry = new ServerRegistry(
    (config, extras) => connectMcpServer(config, extras ?? {}),
    (state) => states.push(state),
    (config) => oauth.extrasFor(config),
  );
  wired.registry = registry;
  return { oauth, registry, events, states };
}
