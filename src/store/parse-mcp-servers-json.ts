// Reads a pasted mcpServers configuration (Claude Desktop, Cursor, VS Code) into the HTTP servers Loupe can add
// and the stdio servers it can reach through the bridge (`npm run bridge`).
import { setOwn } from '../shared/own-keys';
import type { StdioServerEntry } from './bridge-command';
import { isRecord } from '../shared/is-record';

/** A server entry Loupe can connect to. */
export interface ImportedServer {
  name: string;
  url: string;
  headers: Record<string, string>;
}

export interface ParsedServers {
  servers: ImportedServer[];
  /** Stdio entries: a browser reaches them through the bridge, whose command the import shows. */
  stdio: StdioServerEntry[];
  /** Entries left out, and why, in plain words. */
  skipped: string[];
  /** Set when nothing could be read at all. */
  error?: string;
}

/** The map of entries: `mcpServers` (Claude Desktop, Cursor), `servers` (VS Code's mcp.json) or `mcp.servers` (VS Code settings). */
function entriesOf(root: Record<string, unknown>): Record<string, unknown> | undefined {
  if (isRecord(root['mcpServers'])) return root['mcpServers'];
  if (isRecord(root['servers'])) return root['servers'];
  const mcp = root['mcp'];
  if (isRecord(mcp) && isRecord(mcp['servers'])) return mcp['servers'];
  return undefined;
}

function readStdioEntry(name: string, entry: Record<string, unknown>, command: string): StdioServerEntry | string {
  const args = entry['args'] ?? [];
  if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string'))
    return `${name}: "args" must be an array of strings.`;
  const env: Record<string, string> = {};
  if (entry['env'] !== undefined) {
    if (!isRecord(entry['env'])) return `${name}: "env" must be an object of strings.`;
    for (const [key, value] of Object.entries(entry['env'])) {
      if (typeof value !== 'string') return `${name}: env "${key}" is not a string.`;
      setOwn(env, key, value);
    }
  }
  const cwd = entry['cwd'];
  if (cwd !== undefined && typeof cwd !== 'string') return `${name}: "cwd" must be a string.`;
  return { name, command, args: args as string[], env, ...(cwd === undefined ? {} : { cwd }) };
}

function readEntry(name: string, entry: unknown): ImportedServer | StdioServerEntry | string {
  if (!isRecord(entry)) return `${name}: not an object.`;
  const url = entry['url'] ?? entry['serverUrl'];
  if (typeof url !== 'string') {
    return typeof entry['command'] === 'string' ? readStdioEntry(name, entry, entry['command']) : `${name}: no "url".`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${name}: "${url}" is not a valid URL.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${name}: "${url}" is not http or https.`;
  const headers: Record<string, string> = {};
  if (entry['headers'] !== undefined) {
    if (!isRecord(entry['headers'])) return `${name}: "headers" must be an object of strings.`;
    for (const [header, value] of Object.entries(entry['headers'])) {
      if (typeof value !== 'string') return `${name}: header "${header}" is not a string.`;
      if (/\$\{/.test(value)) return `${name}: header "${header}" uses a variable (${value}); paste the real value.`;
      setOwn(headers, header, value);
    }
  }
  return { name, url, headers };
}

/**
 * Parses `text` as a standard MCP servers configuration. HTTP entries (`url`, optionally `type: "http"` or
 * `"sse"`, and `headers`) go to `servers`, stdio entries (`command`, `args`, `env`, `cwd`) to `stdio`, bad
 * ones to `skipped`. Never throws.
 */
export function parseMcpServersJson(text: string): ParsedServers {
  let root: unknown;
  try {
    root = JSON.parse(text) as unknown;
  } catch (error) {
    return {
      servers: [],
      stdio: [],
      skipped: [],
      error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!isRecord(root))
    return { servers: [], stdio: [], skipped: [], error: 'Expected a JSON object with "mcpServers".' };
  const entries = entriesOf(root);
  if (entries === undefined) {
    return { servers: [], stdio: [], skipped: [], error: 'Found no "mcpServers" (or VS Code "servers") object.' };
  }
  const servers: ImportedServer[] = [];
  const stdio: StdioServerEntry[] = [];
  const skipped: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    const read = readEntry(name, entry);
    if (typeof read === 'string') skipped.push(read);
    else if ('command' in read) stdio.push(read);
    else servers.push(read);
  }
  if (servers.length === 0 && stdio.length === 0 && skipped.length === 0)
    return { servers, stdio, skipped, error: 'The configuration lists no servers.' };
  return { servers, stdio, skipped };
}
