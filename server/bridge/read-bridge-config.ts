// Reads the stdio entries of an mcpServers file (Claude Desktop, Cursor: `mcpServers`; VS Code: `servers` or
// `mcp.servers`) for `npm run bridge -- --config <file>`. HTTP entries need no bridge and are left out, with a note.
import { isRecord } from '../../src/shared/is-record.ts';
import type { StdioServerSpec } from './stdio-child.ts';

export interface BridgeConfig {
  servers: StdioServerSpec[];
  /** Entries left out, and why. */
  notes: string[];
}

function stringRecord(value: unknown, what: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value) || Object.values(value).some((item) => typeof item !== 'string'))
    throw new Error(`${what} must be an object of strings.`);
  return value as Record<string, string>;
}

/** Parses the file's text; throws an Error with a plain message when it is no usable configuration. */
export function readBridgeConfig(text: string): BridgeConfig {
  let root: unknown;
  try {
    root = JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!isRecord(root)) throw new Error('Expected a JSON object with "mcpServers".');
  const mcp = root['mcp'];
  const entries = isRecord(root['mcpServers'])
    ? root['mcpServers']
    : isRecord(root['servers'])
      ? root['servers']
      : isRecord(mcp) && isRecord(mcp['servers'])
        ? mcp['servers']
        : undefined;
  if (entries === undefined) throw new Error('Found no "mcpServers" (or VS Code "servers") object.');
  const servers: StdioServerSpec[] = [];
  const notes: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    if (!isRecord(entry)) throw new Error(`${name}: not an object.`);
    if (typeof entry['command'] !== 'string') {
      notes.push(`${name}: no "command" (an HTTP server needs no bridge; add its URL in Loupe).`);
      continue;
    }
    const args = entry['args'] ?? [];
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string'))
      throw new Error(`${name}: "args" must be an array of strings.`);
    const cwd = entry['cwd'];
    if (cwd !== undefined && typeof cwd !== 'string') throw new Error(`${name}: "cwd" must be a string.`);
    servers.push({
      name,
      command: entry['command'],
      args: args as string[],
      env: stringRecord(entry['env'], `${name}: "env"`),
      ...(cwd === undefined ? {} : { cwd }),
    });
  }
  if (servers.length === 0) throw new Error('The file lists no stdio servers (entries with "command").');
  return { servers, notes };
}
