// The servers a suite brings, made ready before any run: URL servers checked for the headers they name (the
// values only from LOUPE_SERVER_HEADERS, bound to the URL), stdio servers started in this process through the
// bridge's code — only with --allow-stdio, since a suite's command runs on this machine with the person's rights.
import type { SuiteServer, TestSuite } from '../suite/test-suite';
import { isStdioServer } from '../suite/test-suite';
import { serverHeadersFor, type SecretBindings } from './read-secret-bindings';
import { parseSecretDestination, type SecretDestination } from './secret-destination';

type StdioServer = Extract<SuiteServer, { command: string }>;

/** Stdio servers running behind an in-process bridge on 127.0.0.1. */
export interface StartedStdio {
  /** Each server's URL, without the token (it goes in a header, so no URL written down carries it). */
  urls: { name: string; url: string }[];
  token: string;
  /** Child processes still running (the no-orphans test reads it). */
  childPids(): number[];
  /** Stops every child and waits until they have exited. */
  close(): Promise<void>;
}

/** Starts stdio servers in this process (the composition root gives the bridge's own code). */
export type StdioStarter = (servers: readonly StdioServer[]) => Promise<StartedStdio>;

export interface SuiteServers {
  /** Server name → URL, for the cases that name a suite server. */
  urls: Map<string, string>;
  /** The person's bindings plus the bridge token, bound to the bridge's URLs only. */
  bindings: SecretBindings;
  stdio?: StartedStdio;
}

/** A command as the person would type it, for the consent message. */
export const describeCommand = (server: StdioServer): string =>
  [server.command, ...(server.args ?? [])]
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replaceAll("'", `'\\''`)}'`))
    .join(' ');

function missingHeaders(suite: TestSuite, bindings: SecretBindings): string | undefined {
  for (const server of suite.servers ?? []) {
    if (isStdioServer(server)) continue;
    const bound = Object.keys(serverHeadersFor(server.url, bindings)).map((name) => name.toLowerCase());
    const missing = (server.headers ?? []).filter((name) => !bound.includes(name.toLowerCase()));
    if (missing.length > 0)
      return `The server "${server.name}" needs the header(s) ${missing.join(', ')}. Set them in LOUPE_SERVER_HEADERS, bound to its URL: {"${server.url}": {"${missing[0]}": "…"}}.`;
  }
  return undefined;
}

/** Gets the suite's servers ready, or says why the suite cannot run (before anything is sent). */
export async function prepareSuiteServers(
  suite: TestSuite,
  options: { bindings: SecretBindings; allowStdio: boolean; startStdio?: StdioStarter; out: (line: string) => void },
): Promise<SuiteServers | string> {
  const missing = missingHeaders(suite, options.bindings);
  if (missing !== undefined) return missing;
  const servers = suite.servers ?? [];
  const urls = new Map(
    servers.flatMap((server) => (isStdioServer(server) ? [] : [[server.name, server.url] as const])),
  );
  const stdio = servers.filter(isStdioServer);
  if (stdio.length === 0) return { urls, bindings: options.bindings };
  const listing = stdio.map((server) => `  ${server.name}: ${describeCommand(server)}`);
  if (!options.allowStdio)
    return [
      'This suite starts programs on this machine (stdio servers), with your rights:',
      ...listing,
      'Read them, then run again with --allow-stdio to start them.',
    ].join('\n');
  if (options.startStdio === undefined) return 'This runner cannot start stdio servers.';
  for (const line of listing) options.out(`Starting${line}`);
  const started = await options.startStdio(stdio);
  const bound = started.urls.map(({ url }) => parseSecretDestination(url, 'the bridge') as SecretDestination);
  for (const { name, url } of started.urls) urls.set(name, url);
  return {
    urls,
    stdio: started,
    bindings: {
      ...options.bindings,
      // The token is bound to exactly the bridge's URLs, like any server header the person configured.
      serverHeaders: [
        ...options.bindings.serverHeaders,
        ...bound.map((destination) => ({ destination, headers: { 'Loupe-Bridge-Token': started.token } })),
      ],
      named: [...options.bindings.named, ...bound],
    },
  };
}
