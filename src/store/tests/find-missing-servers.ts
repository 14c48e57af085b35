// Before a test runs in the browser: the servers it needs (its own list, resolved against the suite's) that
// are not connected now, named with how to connect each — a stdio one with the bridge command that serves it.
// Pure.
import type { ServerConfig } from '../../protocol/settings';
import type { ServerState } from '../../protocol/server-status';
import { isStdioServer, type TestCase, type TestSuite } from '../../suite/test-suite';
import { bridgeCommand } from '../bridge-command';

/** A sentence naming every missing server and how to connect it, or undefined when all are connected. */
export function findMissingServers(
  testCase: TestCase,
  suite: TestSuite,
  servers: readonly ServerConfig[],
  states: Readonly<Record<string, ServerState>>,
): string | undefined {
  const connected = new Set(
    servers.filter((server) => states[server.id]?.status === 'connected').map((server) => server.name),
  );
  const missing = testCase.servers
    .filter((server) => !connected.has(server.name))
    .map((server) => {
      const own = suite.servers?.find((candidate) => candidate.name === server.name);
      if (own !== undefined && isStdioServer(own))
        return `${server.name} (a stdio server: run \`${bridgeCommand({ name: own.name, command: own.command, args: own.args ?? [], env: {} })}\` in a terminal and add the URL it prints under the name ${server.name})`;
      const url = server.url ?? (own === undefined || isStdioServer(own) ? undefined : own.url);
      return url === undefined ? server.name : `${server.name} (${url})`;
    });
  if (missing.length === 0) return undefined;
  return `Connect the server${missing.length > 1 ? 's' : ''} this test needs first: ${missing.join('; ')}.`;
}
