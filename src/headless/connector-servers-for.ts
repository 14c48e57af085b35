// A case's servers marked `via: "api"` as the MCP connector's servers of its Anthropic model: the API calls them, the
// runner does not connect to them. A token goes only as the person bound it — the `Authorization: Bearer` header
// LOUPE_SERVER_HEADERS binds to the server's URL — and only to an API the person named for their key (never to a base
// URL the suite alone chose); the API presents it to that URL alone. No other header ever goes. Pure.
import type { ProviderSettings } from '../protocol/settings';
import type { ConnectorServer } from '../shared/connector-server';
import type { TestServer } from '../suite/test-suite';
import { bearerOf } from '../worker/connector-servers';
import { DEFAULT_BASE_URLS, serverHeadersFor, type SecretBindings } from './read-secret-bindings';
import { describeDestinations, maySendSecretTo, refusePrivateAddress } from './secret-destination';

export interface CaseConnector {
  /** The provider with the connector's servers (unchanged when none goes through the API). */
  provider: ProviderSettings;
  /** The servers the runner connects to and calls itself. */
  runner: TestServer[];
  /** What the runner does differently from what the suite asked, said once each. */
  notices: string[];
}

/** Splits `servers` between the API and the runner, or says why the case cannot run. */
export function connectorServersFor(
  servers: readonly TestServer[],
  provider: ProviderSettings,
  bindings: SecretBindings,
): CaseConnector | string {
  const viaApi = servers.filter((server) => server.via === 'api');
  if (viaApi.length === 0) return { provider, runner: [...servers], notices: [] };
  const runner = servers.filter((server) => server.via !== 'api');
  if (provider.kind !== 'anthropic')
    return {
      provider,
      runner: [...servers],
      notices: [`Only Anthropic models have the MCP connector: on this model the runner calls ${names(viaApi)}.`],
    };
  const apiUrl = provider.baseUrl ?? DEFAULT_BASE_URLS.anthropic;
  const keyDestinations = bindings.keys.anthropic.destinations;
  const notices: string[] = [];
  const connector: ConnectorServer[] = [];
  for (const server of viaApi) {
    if (server.url === undefined) return `The server "${server.name}" has no address to give the API.`;
    if (bindings.publicOnly) {
      const refused = refusePrivateAddress(server.url, `Server ${server.name}`, bindings.named);
      if (refused !== undefined) return refused;
    }
    const headers = serverHeadersFor(server.url, bindings);
    const token = bearerOf(headers);
    const others = Object.keys(headers).filter((name) => name.toLowerCase() !== 'authorization');
    if (others.length > 0)
      notices.push(`The API gets no headers for ${server.name} but a bearer token: ${others.join(', ')} stay here.`);
    const mayGo = token !== undefined && maySendSecretTo(apiUrl, keyDestinations);
    if (token !== undefined && !mayGo)
      notices.push(
        `${server.name}'s token is not sent to ${new URL(apiUrl).origin}: it goes only to ${describeDestinations(keyDestinations)}.`,
      );
    connector.push({ name: server.name, url: server.url, ...(mayGo ? { authorizationToken: token } : {}) });
  }
  return {
    provider: { ...provider, connectorServers: [...(provider.connectorServers ?? []), ...connector] },
    runner,
    notices,
  };
}

const names = (servers: readonly TestServer[]) => servers.map((server) => server.name).join(', ');
