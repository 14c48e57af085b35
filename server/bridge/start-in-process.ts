// The stdio servers of a test suite, started for the headless runner in its own process through the bridge's
// code: one bridge on 127.0.0.1 with a fresh token, no page origin allowed, stopped (children and all) at close.
import type { BridgeLog } from './bridge-log.ts';
import { startBridge } from './start-bridge.ts';

/** What the runner passes: a suite's stdio servers (name, command, args). */
export interface InProcessServer {
  name: string;
  command: string;
  args?: readonly string[];
}

export interface InProcessOptions {
  /** Variables the children must not see (the runner's keys and server headers). */
  withoutEnv: readonly string[];
  /** Each child's stderr line and the bridge's notes. */
  log: (line: string) => void;
}

/** Starts the servers (each at `/<name>/mcp`); rejects, with nothing left running, when one cannot start. */
export async function startInProcess(servers: readonly InProcessServer[], options: InProcessOptions) {
  const log: BridgeLog = {
    info: () => undefined,
    error: (line) => options.log(line),
    child: (name, line) => options.log(`[${name}] ${line}`),
  };
  const bridge = await startBridge({
    servers: servers.map((server) => ({
      name: server.name,
      command: server.command,
      args: [...(server.args ?? [])],
      withoutEnv: options.withoutEnv,
      path: `/${server.name}/mcp`,
    })),
    // Node's fetch sends no Origin; no web page gets in.
    allowedOrigins: [],
    log,
    port: 0,
  });
  return {
    urls: bridge.urls.map(({ name, url }) => ({ name, url: url.replace(/\?token=.*$/, '') })),
    token: bridge.token,
    childPids: () => bridge.childPids(),
    close: () => bridge.close(),
  };
}
