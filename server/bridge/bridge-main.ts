// `npm run bridge -- <command> [args…]`: serves a stdio MCP server (or every stdio entry of an mcpServers file)
// to Loupe over streamable HTTP, prints the URL to paste, and runs until Ctrl+C, which stops every child.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { bridgeAllowedOrigins } from './bridge-origins.ts';
import { terminalLog } from './bridge-log.ts';
import { bridgeUsage, nameOf, parseBridgeArgs, type BridgeArgs } from './parse-bridge-args.ts';
import { readBridgeConfig } from './read-bridge-config.ts';
import { resolveBridgeToken, type BridgeTokenChoice } from './bridge-token.ts';
import { startBridge, type BridgedServer } from './start-bridge.ts';

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });

async function pickPort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 50; port += 1) if (await isFree(port)) return port;
  return 0;
}

function serversOf(args: BridgeArgs): BridgedServer[] {
  if (args.configPath !== undefined) {
    const config = readBridgeConfig(readFileSync(args.configPath, 'utf8'));
    for (const note of config.notes) terminalLog.info(`Skipped ${note}`);
    return config.servers.map((server) => ({
      ...server,
      env: { ...server.env, ...args.env },
      path: `/${encodeURIComponent(server.name)}/mcp`,
    }));
  }
  const command = args.command ?? { command: '', args: [] };
  const name = args.name ?? nameOf(command.command, command.args);
  const cwd = args.cwd === undefined ? {} : { cwd: args.cwd };
  return [{ name, command: command.command, args: command.args, env: args.env, ...cwd, path: '/mcp' }];
}

async function main(): Promise<void> {
  let args: BridgeArgs;
  let servers: BridgedServer[];
  let token: BridgeTokenChoice;
  try {
    args = parseBridgeArgs(process.argv.slice(2));
    if (args.help) {
      terminalLog.info(bridgeUsage);
      return;
    }
    servers = serversOf(args);
    token = resolveBridgeToken({
      keepToken: args.keepToken,
      env: process.env,
      ...(args.tokenFile === undefined ? {} : { tokenFile: args.tokenFile }),
    });
  } catch (error) {
    terminalLog.error(`${error instanceof Error ? error.message : String(error)}\n\n${bridgeUsage}`);
    process.exitCode = 2;
    return;
  }
  const allowedOrigins = bridgeAllowedOrigins(args.allowOrigins);
  const bridge = await startBridge({
    servers,
    allowedOrigins,
    token: token.token,
    log: terminalLog,
    port: args.port ?? (await pickPort(3010)),
  }).catch((error: unknown) => {
    terminalLog.error(`The bridge could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    return undefined;
  });
  if (bridge === undefined) return;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      terminalLog.error('Stopping already; the servers get a few seconds to exit.');
      return;
    }
    stopping = true;
    terminalLog.info(`\n${signal}: stopping the servers…`);
    void bridge.close().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));

  terminalLog.info('');
  for (const { name, url } of bridge.urls) {
    terminalLog.info(`Bridge ready: ${url}`);
    terminalLog.info(
      `  ↑ paste this URL into Server URL in Loupe (${name}: ${servers.find((s) => s.name === name)?.command ?? ''})`,
    );
  }
  terminalLog.info(`  Pages allowed: ${allowedOrigins.join(', ')} (add one with --allow-origin <origin>)`);
  terminalLog.info(`  ${token.note} Ctrl+C stops the bridge and its servers.\n`);
}

await main();
