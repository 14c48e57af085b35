// MCP servers: configs the person added (headers in memory only) and the states the worker reports.
import type { ServerState } from '../protocol/server-status';
import type { ServerConfig } from '../protocol/settings';
import { defaultServerName, makeUniqueName, sanitizeServerName } from './derive-server-name';
import { describeError } from './loupe-state';
import type { GetLoupeState, ServersSlice, SetLoupeState, SliceDependencies } from './loupe-state';
import { saveServers } from './persist-servers';
import { restoreSignIn } from './persist-oauth';

function connecting(serverId: string): ServerState {
  return { serverId, status: 'connecting', tools: [] };
}

function failed(serverId: string, error: unknown): ServerState {
  return {
    serverId,
    status: 'error',
    tools: [],
    problem: {
      kind: 'unknown',
      message: describeError(error),
      hint: 'Check the URL and that the server is running, then press Reconnect.',
    },
  };
}

export function createServersSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): ServersSlice {
  const setServerState = (state: ServerState) =>
    set((store) => ({ serverStates: { ...store.serverStates, [state.serverId]: state } }));
  const persist = () => saveServers(deps.storage, get().servers);

  const connect = async (server: ServerConfig, type: 'server-add' | 'server-update') => {
    setServerState(connecting(server.id));
    if (type === 'server-add') restoreSignIn(deps, server);
    try {
      await deps.client.send({ type, server });
    } catch (error) {
      if (get().servers.some((config) => config.id === server.id)) setServerState(failed(server.id, error));
    }
  };

  const update = async (serverId: string, change: (server: ServerConfig) => ServerConfig) => {
    const current = get().servers.find((server) => server.id === serverId);
    if (current === undefined) return;
    const next = change(current);
    set((store) => ({ servers: store.servers.map((server) => (server.id === serverId ? next : server)) }));
    persist();
    await connect(next, 'server-update');
  };

  return {
    servers: [],
    serverStates: {},
    async addServer(url, headers = {}, name, includeInstructions = true, extras = {}) {
      const trimmed = url.trim();
      if (trimmed === '') {
        get().pushAlert('Enter the server URL first, e.g. http://localhost:3001/mcp.');
        return;
      }
      const base = name === undefined || name.trim() === '' ? defaultServerName(trimmed) : sanitizeServerName(name);
      const server: ServerConfig = {
        id: deps.createId(),
        name: makeUniqueName(
          base,
          get().servers.map((config) => config.name),
        ),
        url: trimmed,
        headers,
        includeInstructions,
        ...extras,
      };
      set((store) => ({ servers: [...store.servers, server] }));
      persist();
      await connect(server, 'server-add');
    },
    async removeServer(serverId) {
      get().applyServerRemoved(serverId);
      persist();
      try {
        await deps.client.send({ type: 'server-remove', serverId });
      } catch (error) {
        get().pushAlert(`Could not remove the server: ${describeError(error)}`);
      }
    },
    reconnectServer: (serverId) => update(serverId, (server) => server),
    toggleInstructions: (serverId) =>
      update(serverId, (server) => ({ ...server, includeInstructions: !server.includeInstructions })),
    setRunThroughApi: (serverId, choice) =>
      update(serverId, (server) => {
        const { runThroughApi: _old, ...rest } = server;
        return choice === undefined ? rest : { ...rest, runThroughApi: choice };
      }),
    changeServerUrl: (serverId, url) => update(serverId, (server) => ({ ...server, url })),
    editServer: (serverId, change) =>
      update(serverId, (server) => {
        const others = get()
          .servers.filter((other) => other.id !== serverId)
          .map((other) => other.name);
        const name = change.name.trim() === '' ? server.name : makeUniqueName(sanitizeServerName(change.name), others);
        const { secretPathSegments, rememberFullUrl } = change;
        const { toolTimeoutMs: _old, era: _oldEra, oauth: _oldOAuth, ...rest } = server;
        return {
          ...rest,
          name,
          url: change.url.trim(),
          headers: change.headers,
          ...(secretPathSegments === undefined ? {} : { secretPathSegments }),
          ...(rememberFullUrl === undefined ? {} : { rememberFullUrl }),
          ...(change.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: change.toolTimeoutMs }),
          ...(change.era === undefined || change.era === 'auto' ? {} : { era: change.era }),
          ...(change.oauth === undefined ? {} : { oauth: change.oauth }),
        };
      }),
    applyServerState(state) {
      if (get().servers.some((server) => server.id === state.serverId)) setServerState(state);
    },
    applyServerRemoved(serverId) {
      set((store) => {
        const { [serverId]: _removed, ...serverStates } = store.serverStates;
        return { servers: store.servers.filter((server) => server.id !== serverId), serverStates };
      });
    },
  };
}
