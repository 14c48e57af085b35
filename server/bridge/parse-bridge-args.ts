// `npm run bridge -- [options] <command> [args…]` or `npm run bridge -- [options] --config <mcpServers.json>`:
// the command line, read into what the bridge starts. Options come first; the first word that is no option
// (or everything after `--`) is the server's command, passed through untouched.
import { normalizeOrigin } from '../check-request-origin.ts';

export interface BridgeArgs {
  /** One server from the command line, unless `configPath` is set. */
  command?: { command: string; args: string[] };
  configPath?: string;
  /** `--name`: the server's name in the terminal and in Loupe (default: the command's base name). */
  name?: string;
  /** `--port`: exactly this port; otherwise the first free one from 3010. */
  port?: number;
  /** `--allow-origin`, each one added to the defaults. */
  allowOrigins: string[];
  /** `--env KEY=VALUE`, given to the command. */
  env: Record<string, string>;
  /** `--cwd`: the command's working directory. */
  cwd?: string;
  /** `--keep-token`: keep the token in a file, so the printed URL survives a restart. */
  keepToken: boolean;
  /** `--token-file <path>`: where that file is (implies `--keep-token`). */
  tokenFile?: string;
  help: boolean;
}

export const bridgeUsage = `Usage:
  npm run bridge -- [options] <command> [args…]      serve one stdio MCP server
  npm run bridge -- [options] --config <file.json>   serve every stdio entry of an mcpServers file

Options:
  --allow-origin <origin>  also accept this Loupe (e.g. http://localhost:5180); repeatable
  --port <port>            listen on this port of 127.0.0.1 (default: the first free one from 3010; 0: any)
  --env KEY=VALUE          set an environment variable for the command; repeatable
  --cwd <dir>              run the command in this folder
  --name <name>            the server's name in the terminal and in Loupe
  --keep-token             keep the token across restarts (in ~/.config/loupe/bridge-token), so the URL stays
  --token-file <path>      keep it in this file instead
  --help                   this text

Environment:
  LOUPE_BRIDGE_TOKEN       use this token (32+ characters of A-Z a-z 0-9 - _)

Example:
  npm run bridge -- npx -y @modelcontextprotocol/server-memory`;

/** Reads the argument list (without node and the script); throws an Error with a plain message when it is wrong. */
export function parseBridgeArgs(argv: readonly string[]): BridgeArgs {
  const result: BridgeArgs = { allowOrigins: [], env: {}, keepToken: false, help: false };
  let index = 0;
  const value = (option: string): string => {
    const next = argv[index + 1];
    if (next === undefined) throw new Error(`${option} needs a value.`);
    index += 1;
    return next;
  };
  for (; index < argv.length; index += 1) {
    const word = argv[index] ?? '';
    if (word === '--') {
      index += 1;
      break;
    }
    if (!word.startsWith('-')) break;
    if (word === '--help' || word === '-h') result.help = true;
    else if (word === '--config') result.configPath = value(word);
    else if (word === '--name') result.name = value(word);
    else if (word === '--cwd') result.cwd = value(word);
    else if (word === '--keep-token') result.keepToken = true;
    else if (word === '--token-file') {
      result.tokenFile = value(word);
      result.keepToken = true;
    } else if (word === '--allow-origin') {
      const raw = value(word);
      const origin = normalizeOrigin(raw);
      if (origin === undefined || origin === 'null')
        throw new Error(`--allow-origin "${raw}" is not an http(s) origin.`);
      result.allowOrigins.push(origin);
    } else if (word === '--port') {
      const raw = value(word);
      const port = Number(raw);
      if (!/^\d+$/.test(raw) || port > 65535) throw new Error(`--port "${raw}" is not a port number.`);
      result.port = port;
    } else if (word === '--env') {
      const raw = value(word);
      const equals = raw.indexOf('=');
      if (equals <= 0) throw new Error(`--env "${raw}" is not KEY=VALUE.`);
      result.env[raw.slice(0, equals)] = raw.slice(equals + 1);
    } else throw new Error(`Unknown option ${word}.`);
  }
  const [command, ...args] = argv.slice(index);
  if (command !== undefined) result.command = { command, args };
  if (!result.help && (command === undefined) === (result.configPath === undefined))
    throw new Error(
      command === undefined
        ? 'Give the command of a stdio server, or --config <file>.'
        : 'Give a command or --config, not both.',
    );
  return result;
}

/**
 * A short name for a command: `npx -y @modelcontextprotocol/server-memory` → `server-memory`,
 * `node …/server-memory/dist/index.js` → `server-memory`, `uvx mcp-server-git` → `mcp-server-git`.
 */
export function nameOf(command: string, args: readonly string[]): string {
  const target = args.find((arg) => !arg.startsWith('-')) ?? command;
  const parts = target.split(/[/\\]/).filter((part) => part !== '');
  const generic = /^(index|main|server|cli|dist|build|lib|src|bin|out)(\.[cm]?[jt]s|\.py)?$/;
  const meaningful = [...parts].reverse().find((part) => !generic.test(part)) ?? parts.at(-1) ?? command;
  return meaningful.replace(/\.([cm]?[jt]s|py)$/, '');
}
