// Reads a pasted mcpServers configuration (Claude Desktop, Cursor, VS Code) into the HTTP servers Loupe can add.

/** A server entry Loupe can connect to. */
export interface ImportedServer {
  name: string;
  url: string;
  headers: Record<string, string>;
}

export interface ParsedServers {
  servers: ImportedServer[];
  /** Entries left out, and why, in plain words. */
  skipped: string[];
  /** Set when nothing could be read at all. */
  error?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The map of entries: `mcpServers` (Claude Desktop, Cursor), `servers` (VS Code's mcp.json) or `mcp.servers` (VS Code settings). */
function entriesOf(root: Record<string, unknown>): Record<string, unknown> | undefined {
  if (isRecord(root['mcpServers'])) return root['mcpServers'];
  if (isRecord(root['servers'])) return root['servers'];
  const mcp = root['mcp'];
  if (isRecord(mcp) && isRecord(mcp['servers'])) return mcp['servers'];
  return undefined;
}

function readEntry(name: string, entry: unknown): ImportedServer | string {
  if (!isRecord(entry)) return `${name}: not an object.`;
  const url = entry['url'] ?? entry['serverUrl'];
  if (typeof url !== 'string') {
    return typeof entry['command'] === 'string'
      ? `${name}: a stdio server (command "${entry['command']}"); a browser can only reach HTTP servers.`
      : `${name}: no "url".`;
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
      headers[header] = value;
    }
  }
  return { name, url, headers };
}

/**
 * Parses `text` as a standard MCP servers configuration. HTTP entries (`url`, optionally `type: "http"` or
 * `"sse"`, and `headers`) are read; stdio entries and bad ones are listed in `skipped`. Never throws.
 */
export function parseMcpServersJson(text: string): ParsedServers {
  let root: unknown;
  try {
    root = JSON.parse(text) as unknown;
  } catch (error) {
    return {
      servers: [],
      skipped: [],
      error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!isRecord(root)) return { servers: [], skipped: [], error: 'Expected a JSON object with "mcpServers".' };
  const entries = entriesOf(root);
  if (entries === undefined) {
    return { servers: [], skipped: [], error: 'Found no "mcpServers" (or VS Code "servers") object.' };
  }
  const servers: ImportedServer[] = [];
  const skipped: string[] = [];
  for (const [name, entry] of Object.entries(entries)) {
    const read = readEntry(name, entry);
    if (typeof read === 'string') skipped.push(read);
    else servers.push(read);
  }
  if (servers.length === 0 && skipped.length === 0)
    return { servers, skipped, error: 'The configuration lists no servers.' };
  return { servers, skipped };
}
