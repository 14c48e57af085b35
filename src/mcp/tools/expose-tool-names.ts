// Pure naming: MCP (server, tool) pairs ⇄ the names the model sees. No I/O, no SDK.
import { redactUrl } from '../../shared/redact-url';

/** One tool to name: which server it comes from and what that server calls it. */
export interface ToolNameEntry {
  serverId: string;
  serverName: string;
  toolName: string;
  /**
   * The server's configured URL. With it, a collision's hash is of the server's name and URL — the same on
   * every visit and in every export — instead of its id, which is new each time the server is added.
   */
  serverUrl?: string;
}

/** Where an exposed name leads. */
export interface ToolNameTarget {
  serverId: string;
  toolName: string;
}

/** The exposed names of a set of tools and the way back. */
export interface ToolNameMap {
  /** Exposed names, in the order of the entries given. */
  exposedNames: string[];
  /** The exposed name of a server's tool, or undefined when it was not in the entries. */
  exposedNameOf(serverId: string, toolName: string): string | undefined;
  /** The server and tool behind an exposed name; the only way to resolve one (never split the string). */
  resolve(exposedName: string): ToolNameTarget | undefined;
}

/** Model APIs accept tool names of at most 64 characters from this alphabet. */
export const maxExposedNameLength = 64;
const hashLength = 6;

/** Replaces every character outside `[A-Za-z0-9_-]` with `_`. */
export function sanitizeToolNamePart(part: string): string {
  const sanitized = part.replace(/[^A-Za-z0-9_-]/g, '_');
  return sanitized === '' ? '_' : sanitized;
}

/** FNV-1a, base 36: short, deterministic, and the same in every runtime. */
function shortHash(value: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(hashLength, '0').slice(-hashLength);
}

const keyOf = (serverId: string, toolName: string) => `${serverId}\u0000${toolName}`;

/**
 * What a collision's hash is of: stable across visits when the entry has its server's URL. The URL goes in with
 * its secrets redacted (a stdio bridge's token, a key in the query, user info), so a new token renames nothing
 * and a name the model sees never carries a trace of a secret.
 */
const hashSourceOf = (entry: ToolNameEntry) =>
  entry.serverUrl === undefined
    ? keyOf(entry.serverId, entry.toolName)
    : `${entry.serverName}\u0000${redactUrl(entry.serverUrl)}\u0000${entry.toolName}`;

/**
 * Names every tool `<server>__<tool>`, sanitised to `[A-Za-z0-9_-]` and cut to 64 characters. Names that
 * would collide (after sanitising or cutting) all get `_<hash>` of their server id and tool name instead, so
 * the result does not depend on the order of the entries. Duplicate entries share one name.
 */
export function createToolNameMap(entries: readonly ToolNameEntry[]): ToolNameMap {
  const baseOf = (entry: ToolNameEntry) =>
    `${sanitizeToolNamePart(entry.serverName)}__${sanitizeToolNamePart(entry.toolName)}`.slice(0, maxExposedNameLength);

  const unique = new Map<string, ToolNameEntry>();
  for (const entry of entries) unique.set(keyOf(entry.serverId, entry.toolName), entry);

  const baseCounts = new Map<string, number>();
  for (const entry of unique.values()) baseCounts.set(baseOf(entry), (baseCounts.get(baseOf(entry)) ?? 0) + 1);

  const byKey = new Map<string, string>();
  const byExposed = new Map<string, ToolNameTarget>();
  const colliding: ToolNameEntry[] = [];
  for (const [key, entry] of unique) {
    const base = baseOf(entry);
    if (baseCounts.get(base) === 1) {
      byKey.set(key, base);
      byExposed.set(base, { serverId: entry.serverId, toolName: entry.toolName });
    } else {
      colliding.push(entry);
    }
  }
  for (const entry of colliding) {
    const key = keyOf(entry.serverId, entry.toolName);
    const stem = baseOf(entry).slice(0, maxExposedNameLength - hashLength - 1);
    let salt = 0;
    const source = hashSourceOf(entry);
    let name = `${stem}_${shortHash(source)}`;
    // A hashed name may still meet a plain one or another hash; salting again is deterministic too.
    while (byExposed.has(name)) {
      salt += 1;
      name = `${stem}_${shortHash(`${source}\u0000${salt}`)}`;
    }
    byKey.set(key, name);
    byExposed.set(name, { serverId: entry.serverId, toolName: entry.toolName });
  }

  return {
    exposedNames: entries.map((entry) => byKey.get(keyOf(entry.serverId, entry.toolName)) ?? ''),
    exposedNameOf: (serverId, toolName) => byKey.get(keyOf(serverId, toolName)),
    resolve: (exposedName) => byExposed.get(exposedName),
  };
}
