// Gives each case's servers their address: a case that names a server without a URL gets the suite's server
// of that name (its URL, or where the runner started its stdio command). Pure.
import type { TestCase } from './test-suite';

/** The cases with every server's URL filled in, or a sentence naming the first server nobody provides. */
export function resolveCaseServers(
  cases: readonly TestCase[],
  urls: ReadonlyMap<string, string>,
): (TestCase & { servers: { name: string; url: string; via?: 'api' | 'runner' }[] })[] | string {
  const resolved = [];
  for (const testCase of cases) {
    const servers = [];
    for (const server of testCase.servers) {
      const url = server.url ?? urls.get(server.name);
      if (url === undefined)
        return `The case "${testCase.name}" needs the server "${server.name}", which neither the case nor the suite gives an address or command for.`;
      servers.push({ name: server.name, url, ...(server.via === undefined ? {} : { via: server.via }) });
    }
    resolved.push({ ...testCase, servers });
  }
  return resolved;
}
