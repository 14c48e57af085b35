// Holds the MCP connections of the worker and reports their state to the UI.
import type { Tool } from '../engine/tool/tool';
import { exposeMcpTools } from '../mcp/tools/collect-mcp-tools';
import type { ConnectMcpServerOptions, McpConnection } from '../mcp/connection/mcp-connection';
import { McpConnectionError } from '../mcp/connection/mcp-connection-error';
import type { McpHealth } from '../mcp/session/keep-mcp-session';
import type { ServerState } from '../protocol/server-status';
import type { ServerConfig } from '../protocol/settings';

/** Per-server extras the host adds to a connection: feature handlers and the OAuth provider. */
export type ConnectExtras = Pick<
  ConnectMcpServerOptions,
  'handlers' | 'authProvider' | 'onToolsChanged' | 'listFresh' | 'onHealth'
>;

export type ConnectServer = (config: ServerConfig, extras?: ConnectExtras) => Promise<McpConnection>;

interface Entry {
  config: ServerConfig;
  connection?: McpConnection;
  /** Bumped on every (re)connect so a late answer of an old attempt is ignored. */
  attempt: number;
}

/** What the person should know about a connected server: how its era was chosen, and a listing cut short. */
function noticeOf(connection: McpConnection): Pick<ServerState, 'notice'> {
  const notices = [connection.eraNote, connection.listingNotice].filter((notice) => notice !== undefined);
  return notices.length === 0 ? {} : { notice: notices.join(' ') };
}

/**
 * The status word of a connected server as its health says it: `connected`; `reconnecting` with what was lost as
 * its notice; `unreachable` with why, as a problem that says Loupe tries again by itself.
 */
export function healthOf(health: McpHealth): Pick<ServerState, 'status' | 'problem' | 'notice'> {
  if (health.status === 'connected') return { status: 'connected' };
  const reason = health.reason ?? 'The connection was lost.';
  if (health.status === 'reconnecting') return { status: 'reconnecting', notice: `${reason}. Reconnecting…` };
  const wait = health.retryInMs === undefined ? '' : ` in ${Math.max(1, Math.round(health.retryInMs / 1000))} s`;
  return {
    status: 'unreachable',
    problem: {
      kind: 'unreachable',
      message: `${reason}.`,
      hint: `Loupe tries again by itself${wait}; Reconnect tries now.`,
    },
  };
}

/** Connections by server id; `onState` hears every status change. */
export class ServerRegistry {
  readonly #entries = new Map<string, Entry>();
  /** Tool-list refreshes under way (tools/list_changed); a run waits for them before its next round. */
  readonly #refreshing = new Set<Promise<void>>();

  constructor(
    private readonly connect: ConnectServer,
    private readonly onState: (state: ServerState) => void,
    private readonly extrasFor: (config: ServerConfig) => ConnectExtras = () => ({}),
  ) {}

  /** The live connection of `serverId`; throws a plain message when it is not connected. */
  connection(serverId: string): McpConnection {
    const entry = this.#entries.get(serverId);
    if (!entry) throw new Error('That server was removed.');
    if (!entry.connection) throw new Error(`${entry.config.name} is not connected; reconnect it first.`);
    return entry.connection;
  }

  /** The config of `serverId`, if it is known. */
  config(serverId: string): ServerConfig | undefined {
    return this.#entries.get(serverId)?.config;
  }

  /** Adds a server and starts connecting; the outcome arrives through `onState`. */
  add(config: ServerConfig): void {
    if (this.#entries.has(config.id)) throw new Error(`A server with id ${config.id} exists already.`);
    this.#entries.set(config.id, { config, attempt: 0 });
    void this.#connect(config.id);
  }

  /**
   * Applies a changed config. Only the instructions switch or the tool timeout changed → no reconnect;
   * anything else (or nothing, which is how the UI asks to reconnect) → reconnect.
   */
  update(config: ServerConfig): void {
    const entry = this.#entries.get(config.id);
    if (!entry) throw new Error(`No server with id ${config.id}.`);
    const before = entry.config;
    const sameConnection =
      before.url === config.url &&
      before.name === config.name &&
      (before.era ?? 'auto') === (config.era ?? 'auto') &&
      JSON.stringify(before.oauth ?? {}) === JSON.stringify(config.oauth ?? {}) &&
      JSON.stringify(before.headers) === JSON.stringify(config.headers);
    const onlySettings =
      sameConnection &&
      (before.includeInstructions !== config.includeInstructions || before.toolTimeoutMs !== config.toolTimeoutMs);
    entry.config = config;
    if (onlySettings && entry.connection !== undefined) {
      entry.connection.setToolTimeoutMs(config.toolTimeoutMs);
      // The UI shows "connecting" until it hears back: say it is still connected.
      this.#reportAllConnected();
      return;
    }
    void this.#close(entry);
    // A reconnect the person asked for lists everything afresh, however long the server said to keep it.
    void this.#connect(config.id, true);
  }

  /** Closes and forgets a server. */
  async remove(serverId: string): Promise<void> {
    const entry = this.#entries.get(serverId);
    if (!entry) return;
    this.#entries.delete(serverId);
    entry.attempt += 1;
    await this.#close(entry);
    this.#reportAllConnected();
  }

  /** The connected servers, in the order they were added. */
  connected(): { config: ServerConfig; connection: McpConnection }[] {
    return [...this.#entries.values()].flatMap((entry) =>
      entry.connection ? [{ config: entry.config, connection: entry.connection }] : [],
    );
  }

  /** Every server's config, connected or not (the MCP connector needs none of the browser's connections). */
  configs(): ServerConfig[] {
    return [...this.#entries.values()].map((entry) => entry.config);
  }

  /** Every connected server's tools, exposed under collision-free names. */
  tools(): Tool[] {
    return exposeMcpTools(this.connected().map(({ connection }) => connection)).tools;
  }

  /** Resolves once every tool-list refresh under way has finished (a failed one keeps the old list). */
  async settled(): Promise<void> {
    await Promise.all([...this.#refreshing]);
  }

  /** Lists a server's tools again after its tools/list_changed, then reports every server's exposed names. */
  #refresh(serverId: string): void {
    const connection = this.#entries.get(serverId)?.connection;
    if (connection === undefined) return;
    const refresh: Promise<void> = connection
      .refreshTools()
      .catch(() => undefined)
      .then(() => {
        this.#refreshing.delete(refresh);
        if (this.#entries.get(serverId)?.connection === connection) this.#reportAllConnected();
      });
    this.#refreshing.add(refresh);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#entries.keys()].map((id) => this.remove(id)));
  }

  async #connect(serverId: string, listFresh = false): Promise<void> {
    const entry = this.#entries.get(serverId);
    if (!entry) return;
    const attempt = ++entry.attempt;
    const isCurrent = () => this.#entries.get(serverId) === entry && entry.attempt === attempt;
    this.onState({ serverId, status: 'connecting', tools: [] });
    try {
      const connection = await this.connect(entry.config, {
        ...this.extrasFor(entry.config),
        onToolsChanged: () => this.#refresh(serverId),
        // A loss, the reconnecting and its outcome, as they happen (a late word of a replaced connection is dropped).
        onHealth: () => {
          if (isCurrent() && entry.connection !== undefined) this.#reportAllConnected();
        },
        ...(listFresh ? { listFresh } : {}),
      });
      if (!isCurrent()) {
        await connection.close();
        return;
      }
      entry.connection = connection;
      this.#reportAllConnected();
    } catch (error) {
      if (!isCurrent()) return;
      const problem =
        error instanceof McpConnectionError
          ? error.problem
          : {
              kind: 'unknown' as const,
              message: error instanceof Error ? error.message : String(error),
              hint: 'Try Reconnect.',
            };
      this.onState({ serverId, status: 'error', tools: [], problem });
    }
  }

  /**
   * Exposed names depend on every connected server (a clash gets a hash), so a change to one server
   * re-reports them all.
   */
  #reportAllConnected(): void {
    const connected = this.connected();
    const { toolInfos } = exposeMcpTools(connected.map(({ connection }) => connection));
    for (const { config, connection } of connected) {
      this.onState({
        serverId: config.id,
        tools: toolInfos.get(config.id) ?? [],
        ...(connection.instructions ? { instructions: connection.instructions } : {}),
        ...noticeOf(connection),
        ...healthOf(connection.health),
        capabilities: connection.serverCapabilities,
        serverInfo: {
          ...connection.serverInfo,
          ...(connection.protocolVersion ? { protocolVersion: connection.protocolVersion } : {}),
          era: connection.era,
        },
      });
    }
  }

  async #close(entry: Entry): Promise<void> {
    const connection = entry.connection;
    delete entry.connection;
    await connection?.close().catch(() => undefined);
  }
}
